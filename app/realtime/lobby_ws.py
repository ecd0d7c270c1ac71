"""WS /api/v1/lobbies/{id}/ws: the lobby, pushed at once and on every change.

Pass `?token=` to be recognised as a member (members also see the invite code).
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.accounts.service import Identity, identity_for
from app.context import AppContext
from app.errors import ApiError
from app.lobby.router import lobby_public
from app.lobby.service import get_lobby

router = APIRouter()


@router.websocket("/api/v1/lobbies/{lobby_id}/ws")
async def lobby_socket(socket: WebSocket, lobby_id: str, token: str | None = None) -> None:
    context: AppContext = socket.app.state.context
    await socket.accept()
    identity: Identity | None = None
    if token:
        async with context.db.sessions() as session:
            identity = await identity_for(session, token, context.tokens)
    context.metrics.gauge("foxden_sockets", +1)
    try:
        with context.hub.listen("lobby:" + lobby_id) as listener:
            reader = asyncio.create_task(_drain(socket))
            try:
                while not reader.done():
                    await _send_lobby(context, socket, lobby_id, identity)
                    waiter = asyncio.create_task(listener.next())
                    await asyncio.wait({waiter, reader}, return_when=asyncio.FIRST_COMPLETED)
                    waiter.cancel()
            finally:
                reader.cancel()
    except ApiError as refusal:
        with contextlib.suppress(Exception):
            await socket.send_json(
                {"type": "error", "code": refusal.code, "message": refusal.message, "id": None}
            )
            await socket.close(1008)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        context.metrics.gauge("foxden_sockets", -1)


async def _send_lobby(
    context: AppContext, socket: WebSocket, lobby_id: str, identity: Identity | None
) -> None:
    async with context.db.sessions() as session:
        lobby = await lobby_public(session, await get_lobby(session, lobby_id), identity)
    await socket.send_text(lobby.model_dump_json().replace("{", '{"type":"lobby",', 1))


async def _drain(socket: WebSocket) -> None:
    """Read and ignore client frames (pings) until the client goes away."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            text = await socket.receive_text()
            if '"ping"' in text:
                await socket.send_json({"type": "pong"})

"""WS /api/v1/lobbies/{id}/ws: the lobby, pushed at once and on every change.

A `{"type": "hello", "token": ...}` frame recognises the socket as a member (members also see
the invite code) and the lobby is pushed again for them. The token goes in a frame, not in the
URL, because URLs end up in access logs; `?token=` is still read for the clients of the first
release. Frame checks, error frames and close codes are those of every socket (frames.py).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, WebSocket

from app.accounts.service import Identity
from app.context import AppContext
from app.lobby.router import lobby_public
from app.lobby.service import get_lobby
from app.realtime.frames import ClientSocket, run_until_first_ends, serve
from app.realtime.hub import Listener

router = APIRouter()


class LobbySocket(ClientSocket):
    def __init__(self, context: AppContext, socket: WebSocket, lobby_id: str) -> None:
        super().__init__(context, socket)
        self.lobby_id = lobby_id
        self.identity: Identity | None = None

    async def run(self, url_token: str | None) -> None:
        if url_token:  # the first release's way; a token that names nobody just watches
            self.identity = await self.lookup(url_token)
        with self.context.hub.listen("lobby:" + self.lobby_id) as listener:
            await run_until_first_ends(self.reader(), self.pusher(listener))

    async def push(self) -> None:
        # Load and send under one lock: a push never overtakes a later one with an older lobby.
        async with self._send_lock:
            async with self.context.db.sessions() as session:
                lobby = await get_lobby(session, self.lobby_id)
                public = await lobby_public(session, lobby, self.identity)
            await self.socket.send_text(
                public.model_dump_json().replace("{", '{"type":"lobby",', 1)
            )

    async def pusher(self, listener: Listener) -> None:
        await self.push()
        while True:
            await listener.next()
            await self.push()

    async def reader(self) -> None:
        while True:
            await self.handle(await self.receive())

    async def handle(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "ping":
            await self.send({"type": "pong"})
        elif kind == "hello":
            self.identity = await self.identify(frame.get("token"))
            await self.push()  # what this viewer may see (the invite code) has changed
        else:
            await self.unknown(kind)


@router.websocket("/api/v1/lobbies/{lobby_id}/ws")
async def lobby_socket(socket: WebSocket, lobby_id: str, token: str | None = None) -> None:
    context: AppContext = socket.app.state.context
    await socket.accept()
    client = LobbySocket(context, socket, lobby_id)
    await serve(client, lambda: client.run(token))

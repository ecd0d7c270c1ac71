"""Who may send what over the sockets: every client frame type of the match and lobby sockets,
for every kind of caller, in one table (the REST routes have theirs in
test_authorization_matrix.py, with the same callers and worlds).

Each cell is what the caller sees after its hello and that frame: the type of the first frame
that answers it (`envelope`, `lobby`, `pong`), `error:<code>` for an error frame after which the
socket stays open, `error:<code> closed:<close code>` for a refusal that closes it. A lobby frame
for a member shows the invite code (`lobby+code`); for anyone else it must not. The admin token
watches like a spectator who may also see private matches, and never acts. Each cell runs in a
fresh world.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.core.config import Settings
from app.realtime.lobby_ws import LobbySocket
from app.realtime.match_ws import MatchSocket
from app.server.main import create_app
from tests.platform.accounts.test_authorization_matrix import (
    ADMIN_TOKEN,
    PUBLIC_VIEW,
    ROLES,
    Cast,
    _table,
)
from tests.platform.helpers import new_player
from tests.platform.realtime.test_websockets import InProcessSocket, SocketClosed

WATCH = dict.fromkeys(("anonymous", "spectator", "seated", "host", "admin"), "envelope")
PRIVATE = "error:auth/forbidden closed:1008"  # a stranger may not watch a private table
# Seat 0 (the host) is to act: the seated player waits its turn, the host's card is made up.
PLAY = {"type": "act", "action": {"type": "play", "card": "no-such-card"}, "version": None}

MATCH_FRAMES: dict[str, tuple[dict[str, Any], dict[str, str]]] = {
    "hello": ({"type": "hello", "version": None}, {**WATCH, "outsider": PRIVATE}),
    "ping": ({"type": "ping"}, dict.fromkeys(WATCH, "pong") | {"outsider": PRIVATE}),
    "act": (
        PLAY,
        {
            "anonymous": "error:action/not_seated",
            "spectator": "error:action/not_seated",
            "admin": "error:action/not_seated",
            "outsider": PRIVATE,
            "seated": "error:action/not_your_turn",
            "host": "error:action/illegal",
        },
    ),
}
MEMBERS = {"seated": "lobby+code", "host": "lobby+code"}
LOBBY_FRAMES: dict[str, tuple[dict[str, Any], dict[str, str]]] = {
    # A private table can be watched by its id, like GET /lobbies/{id}; the code only by members.
    "hello": ({"type": "hello"}, dict.fromkeys(ROLES, "lobby") | MEMBERS),
    "ping": ({"type": "ping"}, dict.fromkeys(ROLES, "pong")),
}


def test_every_client_frame_type_has_a_row() -> None:
    assert set(MATCH_FRAMES) == set(MatchSocket.FRAMES)
    assert set(LOBBY_FRAMES) == set(LobbySocket.FRAMES)
    for _, cells in (*MATCH_FRAMES.values(), *LOBBY_FRAMES.values()):
        assert set(cells) == set(ROLES)


@pytest.fixture
async def app(tmp_path: Any, with_high_card: None) -> AsyncIterator[FastAPI]:
    from app.server.migrate import upgrade

    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    upgrade(url)
    settings = Settings(
        database_url=url,
        bot_delay_ms=0,
        rate_per_minute=1_000_000,
        max_open_lobbies=10_000,
        admin_token=ADMIN_TOKEN,
        ws_lobby_hello_seconds=30.0,  # only a hello may trigger the first push here
    )
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        yield application


def _token(cast: Cast, role: str) -> str | None:
    if role == "admin":
        return ADMIN_TOKEN
    return cast.players[role].token if role in cast.players else None


async def _answer(socket: InProcessSocket) -> str:
    try:
        frame = await socket.receive()
    except SocketClosed as closed:
        return f"closed:{closed.code}"
    if frame["type"] == "error":
        # Still open? A ping tells: a refusal closes the socket right after its error frame.
        socket.send({"type": "ping"})
        after = await _answer(socket)
        return f"error:{frame['code']}" + ("" if after == "pong" else f" {after}")
    if frame["type"] == "lobby" and frame.get("invite_code"):
        return "lobby+code"
    return str(frame["type"])


async def _match_cell(
    app: FastAPI, http: httpx.AsyncClient, cast: Cast, role: str, frame: dict[str, Any]
) -> str:
    world = await _table(http, cast, private=role not in PUBLIC_VIEW, start=True)
    socket = await InProcessSocket.open(app, f"/api/v1/matches/{world['match_id']}/ws")
    try:
        socket.send({"type": "hello", "token": _token(cast, role), "version": None})
        first = await _answer(socket)
        if frame["type"] == "hello" or first != "envelope":
            return first
        socket.send(frame)
        return await _answer(socket)
    finally:
        await socket.close()


async def _lobby_cell(
    app: FastAPI, http: httpx.AsyncClient, cast: Cast, role: str, frame: dict[str, Any]
) -> str:
    world = await _table(http, cast, private=role not in PUBLIC_VIEW, start=False)
    socket = await InProcessSocket.open(app, f"/api/v1/lobbies/{world['lobby_id']}/ws")
    try:
        socket.send({"type": "hello", "token": _token(cast, role)})
        first = await _answer(socket)
        if frame["type"] == "hello" or not first.startswith("lobby"):
            return first
        socket.send(frame)
        return await _answer(socket)
    finally:
        await socket.close()


async def test_who_may_send_what(app: FastAPI) -> None:
    transport = httpx.ASGITransport(app=app)
    wrong: dict[str, dict[str, tuple[str, str]]] = {}
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        names = ("outsider", "spectator", "seated", "host")
        cast = Cast({name: await new_player(http, name.title()) for name in names})
        tables = (("match", MATCH_FRAMES, _match_cell), ("lobby", LOBBY_FRAMES, _lobby_cell))
        for socket_kind, rows, cell in tables:
            for kind, (frame, expected) in rows.items():
                got = {role: await cell(app, http, cast, role, frame) for role in ROLES}
                if got != expected:
                    wrong[f"{socket_kind} {kind}"] = {
                        r: (got[r], expected[r]) for r in ROLES if got[r] != expected[r]
                    }
    assert wrong == {}, "(got, expected) per role"

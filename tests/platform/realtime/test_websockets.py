"""The match and lobby sockets keep the contract: error frames, close codes, limits per player.

The sockets here speak ASGI straight to the app in this process (no server, no network), so a
test can open twenty of them, flood them, and see the exact close code the app chose.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from starlette.types import Message

from app.core.clock import ManualClock
from app.core.config import Settings
from app.server.main import create_app
from app.web.ratelimit import RateLimiter
from tests.platform.helpers import Player, act, envelope, new_player, start_match

BURST = 100
HELLO_SECONDS = 30.0
ON_THE_TEST_CLOCK = pytest.mark.parametrize("app", ["manual-clock"], indirect=True)


class SocketClosed(Exception):
    def __init__(self, code: int) -> None:
        super().__init__(f"closed with {code}")
        self.code = code


class InProcessSocket:
    """A WebSocket client speaking ASGI to the app; a drop without a close frame fails loudly."""

    def __init__(self, app: FastAPI, path: str, address: str) -> None:
        path, _, query = path.partition("?")
        self._to_app: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._from_app: asyncio.Queue[Message] = asyncio.Queue()
        scope = {
            "type": "websocket",
            "asgi": {"version": "3.0"},
            "scheme": "ws",
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": query.encode(),
            "headers": [(b"host", b"test")],
            "client": (address, 50000),
            "server": ("test", 80),
            "subprotocols": [],
        }
        self._app = asyncio.create_task(app(scope, self._to_app.get, self._from_app.put))

    @classmethod
    async def open(cls, app: FastAPI, path: str, address: str = "10.0.0.1") -> InProcessSocket:
        socket = cls(app, path, address)
        socket._to_app.put_nowait({"type": "websocket.connect"})
        assert (await socket._next())["type"] == "websocket.accept"
        return socket

    def send(self, frame: Any) -> None:
        self.send_text(json.dumps(frame))

    def send_text(self, text: str) -> None:
        self._to_app.put_nowait({"type": "websocket.receive", "text": text})

    def send_bytes(self, data: bytes) -> None:
        self._to_app.put_nowait({"type": "websocket.receive", "bytes": data})

    async def receive(self) -> dict[str, Any]:
        """The next frame; SocketClosed with the app's close code once it closes."""
        message = await self._next()
        if message["type"] == "websocket.close":
            raise SocketClosed(message.get("code", 1000))
        return dict(json.loads(message["text"]))

    async def until(self, kind: str) -> dict[str, Any]:
        frame = await self.receive()
        while frame["type"] != kind:
            frame = await self.receive()
        return frame

    async def closed_code(self) -> int:
        """Read until the app closes the socket; the code it closed with."""
        with pytest.raises(SocketClosed) as closed:
            while True:
                await self.receive()
        return closed.value.code

    async def _next(self) -> Message:
        # The 10 s are a safety net for a hung app, never what a test waits for.
        reply = asyncio.ensure_future(self._from_app.get())
        done, _ = await asyncio.wait({reply, self._app}, timeout=10, return_when="FIRST_COMPLETED")
        if reply in done:
            return reply.result()
        reply.cancel()
        if self._app in done:
            raise AssertionError(f"the app dropped the socket without a close frame: {done}")
        raise AssertionError("the app sent nothing for 10 s")

    async def close(self) -> None:
        self._to_app.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await asyncio.wait({self._app}, timeout=10)


@pytest.fixture
async def app(
    request: pytest.FixtureRequest, database_url: str, with_high_card: None
) -> AsyncIterator[FastAPI]:
    """The app on the real clock. Its sockets wait long for a hello: a test that says hello
    at once never races the wait, even on a machine so busy that this process stands still
    for a moment (a 0.2 s wait once closed such a socket with 1008). A test of the wait itself
    runs the app on the test's ManualClock (`@ON_THE_TEST_CLOCK`) and moves past it."""
    clock = request.getfixturevalue("clock") if getattr(request, "param", "") else None
    settings = Settings(
        database_url=database_url,
        bot_delay_ms=0,
        ws_hello_seconds=HELLO_SECONDS,
        ws_lobby_hello_seconds=HELLO_SECONDS,
        ws_sockets_per_match=8,
    )
    application = create_app(settings, clock)
    async with application.router.lifespan_context(application):
        # A frozen clock: buckets never refill, so a count of frames is exact, not a race.
        application.state.context.limiter = RateLimiter(60 * BURST, burst=BURST, clock=lambda: 0.0)
        yield application


@pytest.fixture
async def http(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        yield client


async def match_socket(
    app: FastAPI, match_id: str, player: Player | None, address: str = "10.0.0.1"
) -> InProcessSocket:
    socket = await InProcessSocket.open(app, f"/api/v1/matches/{match_id}/ws", address)
    socket.send({"type": "hello", "token": player.token if player else None, "version": None})
    return socket


async def lobby_socket(app: FastAPI, lobby_id: str, player: Player | None) -> InProcessSocket:
    socket = await InProcessSocket.open(app, f"/api/v1/lobbies/{lobby_id}/ws")
    socket.send({"type": "hello", "token": player.token if player else None})
    return socket


async def new_match(http: httpx.AsyncClient) -> tuple[Player, Player, str]:
    """Ada and Bob, and a match of theirs."""
    ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
    return ada, bob, await start_match(http, ada, [bob])


async def private_lobby(http: httpx.AsyncClient, host: Player) -> dict[str, Any]:
    body = {"game": "high-card", "seats": 2, "options": {}, "private": True}
    response = await http.post("/api/v1/lobbies", json=body, headers=host.auth)
    assert response.status_code == 201, response.text
    return dict(response.json())


async def open_socket(app: FastAPI, http: httpx.AsyncClient, kind: str) -> InProcessSocket:
    """A live match or lobby socket of a fresh player, its first push read."""
    ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
    if kind == "match":
        socket = await match_socket(app, await start_match(http, ada, [bob]), ada)
        await socket.until("envelope")
    else:
        socket = await lobby_socket(app, (await private_lobby(http, ada))["id"], ada)
        assert (await socket.until("lobby"))["invite_code"]
    return socket


BAD_FRAMES: dict[str, str | bytes] = {
    "binary": b"\x00\x01binary",
    "unknown type": json.dumps({"type": "wat"}),
    "deep nesting": '{"type": "act", "action": ' + "[" * 3000 + "]" * 3000 + "}",
    "nested too deep": '{"type": "act", "action": ' + "[" * 40 + "]" * 40 + "}",
    "not an object": "[1, 2]",
    "broken json": "{nope",
}


@pytest.mark.parametrize("kind", ["match", "lobby"])
@pytest.mark.parametrize("bad", list(BAD_FRAMES))
async def test_a_bad_frame_gets_an_error_and_the_socket_stays_open(
    app: FastAPI, http: httpx.AsyncClient, kind: str, bad: str
) -> None:
    socket = await open_socket(app, http, kind)
    frame = BAD_FRAMES[bad]
    if isinstance(frame, bytes):
        socket.send_bytes(frame)
    else:
        socket.send_text(frame)
    refusal = await socket.until("error")
    assert refusal["code"] == "request/malformed"
    socket.send({"type": "ping"})
    assert (await socket.until("pong"))["type"] == "pong"
    await socket.close()


@pytest.mark.parametrize("kind", ["match", "lobby"])
async def test_an_oversize_frame_closes_the_socket_with_1009(
    app: FastAPI, http: httpx.AsyncClient, kind: str
) -> None:
    socket = await open_socket(app, http, kind)
    socket.send({"type": "ping", "padding": "x" * 70_000})
    assert (await socket.until("error"))["code"] == "request/too_large"
    assert await socket.closed_code() == 1009


@ON_THE_TEST_CLOCK
async def test_a_client_that_never_says_hello_is_closed_with_1008(
    app: FastAPI, http: httpx.AsyncClient, clock: ManualClock
) -> None:
    *_, match_id = await new_match(http)
    socket = await InProcessSocket.open(app, f"/api/v1/matches/{match_id}/ws")
    socket.send({"type": "ping"})  # not a hello: told so, and the wait for one goes on
    assert (await socket.receive())["code"] == "request/malformed"
    await clock.advance(HELLO_SECONDS - 1)
    socket.send({"type": "ping"})
    assert (await socket.receive())["code"] == "request/malformed"
    await clock.advance(1)
    assert (await socket.receive())["code"] == "request/timeout"
    assert await socket.closed_code() == 1008


async def test_the_lobby_socket_takes_its_token_in_a_hello_frame(
    app: FastAPI, http: httpx.AsyncClient
) -> None:
    ada = await new_player(http, "Ada")
    lobby = await private_lobby(http, ada)
    member = await lobby_socket(app, lobby["id"], ada)
    # The first push already knows the member: the page never flickers without the code.
    assert (await member.receive())["invite_code"] == lobby["invite_code"]
    member.send({"type": "hello", "token": None})  # watch anonymously from now on
    assert (await member.until("lobby"))["invite_code"] is None
    await member.close()
    stranger = await lobby_socket(app, lobby["id"], None)
    assert (await stranger.receive())["invite_code"] is None
    await stranger.close()
    forged = await InProcessSocket.open(app, f"/api/v1/lobbies/{lobby['id']}/ws")
    forged.send({"type": "hello", "token": "forged"})
    assert (await forged.until("error"))["code"] == "auth/invalid"
    assert await forged.closed_code() == 1008


@ON_THE_TEST_CLOCK
async def test_clients_of_the_first_release_still_get_their_lobby(
    app: FastAPI, http: httpx.AsyncClient, clock: ManualClock
) -> None:
    ada = await new_player(http, "Ada")
    lobby = await private_lobby(http, ada)
    path = f"/api/v1/lobbies/{lobby['id']}/ws"
    legacy_member = await InProcessSocket.open(app, f"{path}?token={ada.token}")
    assert (await legacy_member.receive())["invite_code"] == lobby["invite_code"]
    silent = await InProcessSocket.open(app, path)  # never says hello: pushed after the wait
    silent.send({"type": "ping"})  # answered once the socket's tasks run: the wait has begun
    assert (await silent.receive())["type"] == "pong"
    await clock.advance(HELLO_SECONDS)
    assert (await silent.receive())["invite_code"] is None
    for socket in (legacy_member, silent):
        await socket.close()


async def test_one_players_sockets_and_requests_share_one_flood_limit(
    app: FastAPI, http: httpx.AsyncClient
) -> None:
    ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
    matches = [await start_match(http, ada, [bob]) for _ in range(2)]
    lobby_id = (await private_lobby(http, ada))["id"]
    bobs = await match_socket(app, matches[0], bob, address="10.0.0.2")
    await bobs.until("envelope")
    # Twenty sockets of Ada: eight on each match, four on a lobby.
    floods = [await match_socket(app, matches[n % 2], ada) for n in range(16)]
    floods += [await lobby_socket(app, lobby_id, ada) for _ in range(4)]
    for socket in floods:
        await socket.until("lobby" if socket in floods[16:] else "envelope")
    for socket in floods:
        for _ in range(5000):
            socket.send({"type": "ping"})

    async def pongs_until_closed(socket: InProcessSocket) -> tuple[int, int]:
        answered = 0
        try:
            while True:
                answered += (await socket.receive())["type"] == "pong"
        except SocketClosed as closed:
            return answered, closed.code

    outcomes = await asyncio.gather(*(pongs_until_closed(socket) for socket in floods))
    assert {code for _, code in outcomes} == {1008}
    # The burst is Ada's, not each socket's: the frames of all twenty drew on one bucket.
    assert sum(answered for answered, _ in outcomes) <= BURST
    limited = await http.get("/api/v1/players/me", headers=ada.auth)
    assert limited.status_code == 429  # her requests draw on the same bucket
    bobs.send({"type": "ping"})
    assert (await bobs.until("pong"))["type"] == "pong"  # Bob is not slowed by Ada


async def test_anonymous_sockets_share_a_flood_limit_per_address(
    app: FastAPI, http: httpx.AsyncClient
) -> None:
    *_, match_id = await new_match(http)
    crowd = [await match_socket(app, match_id, None, address="10.0.0.9") for _ in range(2)]
    neighbour = await match_socket(app, match_id, None, address="10.0.0.10")
    for socket in [*crowd, neighbour]:
        await socket.until("envelope")
    for socket in crowd:
        for _ in range(BURST):
            socket.send({"type": "ping"})
    assert {await socket.closed_code() for socket in crowd} == {1008}
    neighbour.send({"type": "ping"})
    assert (await neighbour.until("pong"))["type"] == "pong"


async def test_a_player_holds_a_bounded_number_of_sockets_per_match(
    app: FastAPI, http: httpx.AsyncClient
) -> None:
    ada, bob, match_id = await new_match(http)
    held = [await match_socket(app, match_id, ada) for _ in range(8)]
    for socket in held:
        await socket.until("envelope")
    extra = await match_socket(app, match_id, ada)
    assert (await extra.receive())["code"] == "rate/too_many_sockets"
    assert await extra.closed_code() == 1013
    bobs = await match_socket(app, match_id, bob)  # the cap is Ada's, not the match's
    assert (await bobs.receive())["type"] == "envelope"
    await held[0].close()
    again = await match_socket(app, match_id, ada)
    assert (await again.receive())["type"] == "envelope"


async def test_a_player_holds_a_bounded_number_of_sockets_per_table(
    app: FastAPI, http: httpx.AsyncClient
) -> None:
    ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
    lobby_id = (await private_lobby(http, ada))["id"]
    held = [await lobby_socket(app, lobby_id, ada) for _ in range(8)]
    for socket in held:
        await socket.until("lobby")
    extra = await lobby_socket(app, lobby_id, ada)
    assert (await extra.receive())["code"] == "rate/too_many_sockets"
    assert await extra.closed_code() == 1013
    bobs = await lobby_socket(app, lobby_id, bob)  # the cap is Ada's, not the table's
    assert (await bobs.receive())["type"] == "lobby"
    await held[0].close()
    again = await lobby_socket(app, lobby_id, ada)
    assert (await again.receive())["type"] == "lobby"


async def test_a_new_socket_costs_only_its_own_first_envelope(
    app: FastAPI, http: httpx.AsyncClient
) -> None:
    ada, bob, match_id = await new_match(http)
    adas = await match_socket(app, match_id, ada)
    assert not (await adas.until("envelope"))["seats"][1]["connected"]
    bobs = await match_socket(app, match_id, bob)
    await bobs.until("envelope")
    # Bob's arrival changes his seat's `connected` flag: Ada is told, once.
    assert (await adas.until("envelope"))["seats"][1]["connected"]
    newcomers = [await match_socket(app, match_id, ada), await match_socket(app, match_id, None)]
    for socket in newcomers:
        await socket.until("envelope")
    hand = (await envelope(http, match_id, ada))["view"]["hand"]
    assert (await act(http, match_id, ada, {"type": "play", "card": hand[0]})).status_code == 200
    for socket in (adas, bobs):
        # The next envelope of each socket already open is version 1: none came for newcomers.
        assert (await socket.until("envelope"))["version"] == 1

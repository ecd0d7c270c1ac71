"""Every frame a real match sends and receives fits /asyncapi.json (tests/api_contract).

A player plays a whole match of every game against the server's random bots on a real server,
over the match socket, while a spectator watches on another socket and the player's event
stream runs beside them; the table was set over the lobby socket. Every frame both ways (and
every event of the stream, its `event` and `id` too) is recorded and validated against the
schema of its message in the AsyncAPI document: what a client generated from the document
reads is what the server really sends.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import jsonschema_rs
import pytest
import websockets

from app.games import REGISTRY
from app.realtime.asyncapi import asyncapi_document
from app.server.main import create_app
from tests.platform.helpers import Player, new_player
from tests.servers import Server, running, sqlite_env

ENV = {"FOXDEN_RATE_PER_MINUTE": "1000000", "FOXDEN_BOT_DELAY_MS": "0"}
TIMEOUT = 60.0  # a safety net on a loaded machine, never what a test waits for


@dataclass
class Recording:
    """(channel, the frame's message key, the frame) for every frame and event seen."""

    frames: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    refused: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)  # sent to fail

    def add(self, channel: str, frame: dict[str, Any], key: str | None = None) -> None:
        self.frames.append((channel, key or frame["type"], frame))


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    app = create_app()
    return asyncapi_document(app.openapi(), app.version)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(
        sqlite_env(tmp_path_factory.mktemp("frames-db")) | ENV, app="app.server.asgi:app"
    ) as up:
        yield up


def validator(document: dict[str, Any], schema: dict[str, Any]) -> Any:
    """A validator of `schema`, its references resolved inside the document."""
    return jsonschema_rs.Draft7Validator({**schema, "components": document["components"]})


def message_of(document: dict[str, Any], channel: str, key: str) -> dict[str, Any]:
    ref = document["channels"][channel]["messages"].get(key)
    assert ref is not None, f"{channel} has no message {key!r}"
    message: dict[str, Any] = document["components"]["messages"][ref["$ref"].rsplit("/", 1)[1]]
    return message


def check(document: dict[str, Any], recording: Recording) -> None:
    for channel, key, frame in recording.refused:  # what the server refused, the document too
        payload = message_of(document, channel, key)["payload"]
        assert not validator(document, payload).is_valid(frame), frame
    for channel, key, frame in recording.frames:
        message = message_of(document, channel, key)
        payload = frame.get("data", frame) if channel == "matchStream" else frame
        errors = [e.message for e in validator(document, message["payload"]).iter_errors(payload)]
        assert errors == [], f"{channel} {key}: {errors[:3]} in {json.dumps(payload)[:400]}"
        if channel == "matchStream":
            fields = {k: v for k, v in frame.items() if k != "data"}
            assert validator(document, message["headers"]).is_valid(fields), fields


async def receive(socket: Any) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
    return frame


async def set_the_table(
    http: httpx.AsyncClient, server: Server, me: Player, game: str, recording: Recording
) -> str:
    """A table of `game` set up under a lobby socket: me and random bots; the match id."""
    seats = REGISTRY[game].seats.start
    lobby = (
        await http.post("/api/v1/lobbies", headers=me.auth, json={"game": game, "seats": seats})
    ).json()
    async with websockets.connect(f"{server.ws_url}/api/v1/lobbies/{lobby['id']}/ws") as socket:
        for frame in ({"type": "hello", "token": me.token}, {"type": "ping"}):
            await socket.send(json.dumps(frame))
            recording.add("lobbySocket", frame)
        seen = {(await record(socket, "lobbySocket", recording))["type"] for _ in range(2)}
        assert seen == {"lobby", "pong"}
        filled = await http.post(
            f"/api/v1/lobbies/{lobby['id']}/bots", headers=me.auth, json={"bot": "random"}
        )
        assert filled.status_code == 200, filled.text
        while not all(
            seat["bot"] for seat in (await record(socket, "lobbySocket", recording))["seats"][1:]
        ):
            pass
        started = await http.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=me.auth)
        assert started.status_code == 200, started.text
    return str(started.json()["match_id"])


async def record(socket: Any, channel: str, recording: Recording) -> dict[str, Any]:
    frame = await receive(socket)
    recording.add(channel, frame)
    return frame


async def read_stream(
    http: httpx.AsyncClient, match_id: str, me: Player, recording: Recording
) -> None:
    """The player's event stream, to its `end`: each event as {"event", "id", "data"}."""
    path = f"/api/v1/matches/{match_id}/stream"
    async with http.stream("GET", path, headers=me.auth, timeout=httpx.Timeout(TIMEOUT)) as stream:
        event: dict[str, Any] = {}
        async for line in stream.aiter_lines():
            if line.startswith("id: "):
                event["id"] = int(line[4:])
            elif line.startswith("event: "):
                event["event"] = line[7:]
            elif line.startswith("data: "):
                event["data"] = json.loads(line[6:])
            elif not line and event:
                recording.add("matchStream", event, event["event"])
                event = {}


async def watch(server: Server, match_id: str, recording: Recording) -> int:
    """A spectator's socket, to its close; the close code."""
    async with websockets.connect(f"{server.ws_url}/api/v1/matches/{match_id}/ws") as socket:
        hello = {"type": "hello", "token": None, "version": None}
        await socket.send(json.dumps(hello))
        recording.add("matchSocket", hello)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await record(socket, "matchSocket", recording)
    return int(closed.value.rcvd.code if closed.value.rcvd else 1006)


async def play(
    http: httpx.AsyncClient, server: Server, match_id: str, me: Player, recording: Recording
) -> int:
    """Random legal moves over the match socket until the end; the close code. On the way: a
    ping, a chat reaction and a refused act, so that every kind of frame is recorded."""
    rng = random.Random(match_id)
    async with websockets.connect(f"{server.ws_url}/api/v1/matches/{match_id}/ws") as socket:

        async def send(frame: dict[str, Any]) -> None:
            await socket.send(json.dumps(frame))
            recording.add("matchSocket", frame)

        await send({"type": "hello", "token": me.token, "version": None})
        await send({"type": "ping"})
        bad_act = {"type": "act", "action": {"type": "nothing"}, "version": 0, "id": "c-\x00"}
        await socket.send(json.dumps(bad_act))  # refused with an error frame
        recording.refused.append(("matchSocket", "act", bad_act))
        said = False
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                frame = await record(socket, "matchSocket", recording)
                if frame["type"] == "envelope" and not said:  # the socket is following chat
                    said = await react(http, match_id, me)
                if frame["type"] == "envelope" and frame["legal_actions"]:
                    action = rng.choice(frame["legal_actions"])
                    await send(
                        {
                            "type": "act",
                            "action": action,
                            "version": frame["version"],
                            "id": f"m-{frame['version']}",
                        }
                    )
    return int(closed.value.rcvd.code if closed.value.rcvd else 1006)


async def react(http: httpx.AsyncClient, match_id: str, me: Player) -> bool:
    """A chat reaction (every game allows them, free text or not)."""
    path = f"/api/v1/matches/{match_id}/chat"
    reactions = (await http.get(path, headers=me.auth)).json()["reactions"]
    said = await http.post(path, headers=me.auth, json={"reaction": reactions[0]})
    assert said.status_code in (200, 201), said.text
    return True


@pytest.mark.parametrize("game", list(REGISTRY))
async def test_every_frame_of_a_whole_match_fits_the_asyncapi_document(
    document: dict[str, Any], server: Server, game: str
) -> None:
    recording = Recording()
    async with httpx.AsyncClient(base_url=server.url, timeout=TIMEOUT) as http:
        me = await new_player(http, "Ada")
        match_id = await set_the_table(http, server, me, game, recording)
        stream = asyncio.create_task(read_stream(http, match_id, me, recording))
        spectator = asyncio.create_task(watch(server, match_id, recording))
        assert await play(http, server, match_id, me, recording) == 1000
        assert await spectator == 1000
        await asyncio.wait_for(stream, TIMEOUT)
    check(document, recording)
    kinds = {(channel, key) for channel, key, _ in recording.frames}
    for key in ("hello", "act", "ping", "envelope", "chat", "error", "pong", "end"):
        assert ("matchSocket", key) in kinds, key
    for key in ("hello", "ping", "lobby", "pong"):
        assert ("lobbySocket", key) in kinds, key
    assert {("matchStream", "envelope"), ("matchStream", "end")} <= kinds
    ends = [frame for _, key, frame in recording.frames if key == "end"]
    assert len(ends) == 3  # the player's socket, the spectator's and the stream's last event

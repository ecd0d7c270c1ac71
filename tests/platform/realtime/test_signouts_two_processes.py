"""A device signed out through one process is out on the other at once: two real server
processes on one Postgres and Redis, the device's socket and event stream on the second.

Before, the second process kept the token in its cache for up to 60 s and the socket and the
stream it had opened went on receiving the private hand (and acting) for as long as they lived.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import httpx
import pytest
import websockets

from tests.platform.accounts.helpers import claimed, code, sign_in
from tests.platform.accounts.test_signouts import SIGNED_OUT, _match_of, _session_id
from tests.platform.helpers import Player, new_player
from tests.servers import running

pytestmark = pytest.mark.slow


async def _stream_events(
    http: httpx.AsyncClient, path: str, device: Player, opened: asyncio.Event
) -> list[str]:
    """The event names of one event stream, until the server ends it."""
    names = []
    timeout = httpx.Timeout(10.0, read=30.0)  # a hung server fails the test, it never waits
    async with http.stream("GET", path, headers=device.auth, timeout=timeout) as stream:
        assert stream.status_code == 200
        async for line in stream.aiter_lines():
            if line.startswith("event: "):
                names.append(line.removeprefix("event: "))
                opened.set()
    return names


async def _frames_until_closed(socket: Any) -> tuple[list[dict[str, Any]], int]:
    frames = []
    try:
        while True:
            frames.append(json.loads(await asyncio.wait_for(socket.recv(), 30)))
    except websockets.ConnectionClosed as closed:
        return frames, closed.rcvd.code if closed.rcvd else -1


async def test_a_device_signed_out_on_one_process_is_out_on_the_other(
    postgres_base_url: str, redis_url: str, with_high_card: None
) -> None:
    env = {"FOXDEN_DATABASE_URL": postgres_base_url, "FOXDEN_REDIS_URL": redis_url}
    with running(env) as one, running(env) as two:
        async with (
            httpx.AsyncClient(base_url=one.url) as first,
            httpx.AsyncClient(base_url=two.url) as second,
        ):
            # The session's database is shared with other test files: a name of its own.
            username = f"ada-{uuid.uuid4().hex[:8]}"
            phone = await claimed(first, "Ada", username)
            desktop = await sign_in(first, username)
            match_id = await _match_of(first, phone, await new_player(first, "Bob"))
            # The second process has seen the phone's token: it is in its cache.
            assert (await second.get("/api/v1/players/me", headers=phone.auth)).status_code == 200
            socket = await websockets.connect(f"{two.ws_url}/api/v1/matches/{match_id}/ws")
            await socket.send(json.dumps({"type": "hello", "token": phone.token}))
            shown = json.loads(await socket.recv())
            assert shown["type"] == "envelope" and shown["view"]["hand"]
            path = f"/api/v1/matches/{match_id}/stream"
            opened = asyncio.Event()
            stream = asyncio.ensure_future(_stream_events(second, path, phone, opened))
            await asyncio.wait_for(opened.wait(), 30)  # its first envelope came
            sid = await _session_id(first, phone)
            signed_out = await first.delete(f"/api/v1/sessions/{sid}", headers=desktop.auth)
            assert signed_out.status_code == 204

            frames, close_code = await _frames_until_closed(socket)
            assert close_code == SIGNED_OUT
            assert [f["code"] for f in frames if f["type"] == "error"] == ["auth/revoked"]
            assert all(f["version"] == shown["version"] for f in frames if f["type"] == "envelope")
            events = await asyncio.wait_for(stream, 30)
            assert events[0] == "envelope" and events[-1] == "signed_out"
            # No 60 s of grace on the second process, for REST, acts or a new socket.
            me = await second.get("/api/v1/players/me", headers=phone.auth)
            assert code(me) == (401, "auth/invalid")
            acted = await second.post(
                f"/api/v1/matches/{match_id}/actions",
                headers=phone.auth,
                json={"action": {"type": "play", "card": "1"}},
            )
            assert code(acted) == (401, "auth/invalid")
            again = await websockets.connect(f"{two.ws_url}/api/v1/matches/{match_id}/ws")
            await again.send(json.dumps({"type": "hello", "token": phone.token}))
            refused, refused_code = await _frames_until_closed(again)
            assert (refused[0]["code"], refused_code) == ("auth/invalid", 1008)
            # The device that signed the phone out still plays, on either process.
            for http in (first, second):
                mine = await http.get(f"/api/v1/matches/{match_id}/state", headers=desktop.auth)
                assert mine.status_code == 200 and mine.json()["seat"] == 0

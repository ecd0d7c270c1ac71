"""The sliced WebSocket protocol (app/realtime/wsprotocol.py) on a real uvicorn server: a flood
is refused without the server parsing it all, and ordinary traffic reads exactly as before.

Raw frames are written straight to the connection's transport, as a flooding client would: a
client must mask its frames, and a zero mask key leaves the payload as it is.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
import websockets
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from tests.platform.client import ApiClient, open_table
from tests.servers import running, sqlite_env

pytestmark = pytest.mark.slow


def _frame(payload: bytes) -> bytes:
    """One masked text frame (zero mask key)."""
    if len(payload) < 126:
        header = bytes([0x81, 0x80 | len(payload)])
    else:
        header = bytes([0x81, 0x80 | 126]) + len(payload).to_bytes(2, "big")
    return header + b"\0\0\0\0" + payload


async def _socket(
    ws_url: str, match_id: str, token: str
) -> tuple[ClientConnection, dict[str, Any]]:
    """A socket past its hello, and the envelope it was sent first."""
    connection = await websockets.connect(f"{ws_url}/api/v1/matches/{match_id}/ws")
    await connection.send(json.dumps({"type": "hello", "token": token, "version": None}))
    first: dict[str, Any] = json.loads(await connection.recv())
    assert first["type"] == "envelope"
    return connection, first


async def _frames_until_closed(connection: Any) -> tuple[list[dict[str, Any]], int | None]:
    frames = []
    try:
        while True:
            frames.append(json.loads(await connection.recv()))
    except ConnectionClosed as closed:
        return frames, closed.rcvd.code if closed.rcvd else None


async def test_a_flood_written_at_once_is_closed_with_its_code_after_the_burst(
    tmp_path: Path,
) -> None:
    env = sqlite_env(tmp_path, "flood.db") | {"FOXDEN_RATE_PER_MINUTE": "600"}  # burst 100
    with running(env) as server:
        ada = await ApiClient.register(server.url, "Ada")
        bob = await ApiClient.register(server.url, "Bob")
        match_id = await open_table(ada, [bob], "high-card")
        connection, _ = await _socket(server.ws_url, match_id, ada.token)
        connection.transport.write(_frame(b'{"type": "ping"}') * 20_000)
        frames, code = await _frames_until_closed(connection)
        assert code == 1008  # the close frame arrives: a half-close, not a reset
        assert frames[-1]["code"] == "rate/limited"
        # Only the burst was answered (the frames the hello and the register took count too).
        assert sum(frame["type"] == "pong" for frame in frames) <= 100
        # The server is fine, and so is another player's socket.
        other, _ = await _socket(server.ws_url, match_id, bob.token)
        await other.send(json.dumps({"type": "ping"}))
        assert json.loads(await other.recv())["type"] == "pong"
        await other.close()


async def test_frames_larger_than_a_slice_and_frames_sent_before_a_close_are_all_read(
    tmp_path: Path,
) -> None:
    with running(sqlite_env(tmp_path, "big.db")) as server:
        ada = await ApiClient.register(server.url, "Ada")
        bob = await ApiClient.register(server.url, "Bob")
        match_id = await open_table(ada, [bob], "high-card")
        connection, envelope = await _socket(server.ws_url, match_id, ada.token)
        # A 40 KB frame (ten slices) with an unknown type: answered with one error frame.
        big = json.dumps({"type": "nonsense", "padding": "x" * 40_000}).encode()
        pings = _frame(b'{"type": "ping"}') * 50
        connection.transport.write(_frame(big) + pings)
        answers = [json.loads(await connection.recv()) for _ in range(51)]
        assert answers[0]["code"] == "request/malformed"
        assert [a["type"] for a in answers[1:]] == ["pong"] * 50
        # A move followed at once by the client's close and the end of its connection is
        # still read and applied.
        act = {"type": "act", "action": envelope["legal_actions"][0], "version": 0, "id": "m1"}
        connection.transport.write(_frame(json.dumps(act).encode()))
        await connection.close()
        state = await ada.ok("GET", f"/api/v1/matches/{match_id}/state")
        for _ in range(100):
            if state["version"] == 1:
                break
            await asyncio.sleep(0.05)  # the server applies it after the socket is gone
            state = await ada.ok("GET", f"/api/v1/matches/{match_id}/state")
        assert state["version"] == 1

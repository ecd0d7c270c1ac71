"""SIGTERM stops a process gracefully: its sockets close with 1012 (service restart) so
clients reconnect, its event streams end with a short `retry:`, and it exits 0 instead of
waiting forever on open streams."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from tests.ops.processes import FoxdenServer
from tests.platform.client import ApiClient, MatchSocket, open_table
from tests.timing import HANG

pytestmark = pytest.mark.slow
FOXDEN = Path(sys.executable).parent / "foxden"
SERVICE_RESTART = 1012


async def _match(server: FoxdenServer) -> tuple[ApiClient, str]:
    ada = await ApiClient.register(server.url, "Ada")
    bob = await ApiClient.register(server.url, "Bob")
    return ada, await open_table(ada, [bob], "fox-in-the-forest")


async def _close_code(socket: MatchSocket) -> int | None:
    try:
        while True:
            await socket.receive(timeout=HANG)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


async def _stream_until_end(
    server: FoxdenServer, path: str, token: str, lines: list[str], opened: asyncio.Event
) -> None:
    """Every line of an event stream into `lines`, until the server ends it."""
    headers = {"Authorization": f"Bearer {token}"}
    timeout = httpx.Timeout(HANG, read=HANG)
    async with (
        httpx.AsyncClient(base_url=server.url, timeout=timeout) as http,
        http.stream("GET", path, headers=headers) as stream,
    ):
        async for line in stream.aiter_lines():
            lines.append(line)
            if line.startswith("data: "):
                opened.set()


async def _lobby_socket(server: FoxdenServer, host: ApiClient) -> websockets.ClientConnection:
    lobby = await host.ok("POST", "/api/v1/lobbies", {"game": "oh-fox", "seats": 2})
    socket = await websockets.connect(f"{server.ws_url}/api/v1/lobbies/{lobby['id']}/ws")
    await socket.send(json.dumps({"type": "hello", "token": host.token}))
    assert json.loads(await asyncio.wait_for(socket.recv(), HANG))["type"] == "lobby"
    return socket


async def _lobby_close_code(socket: websockets.ClientConnection) -> int | None:
    try:
        while True:
            await socket.recv()
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


async def test_sigterm_closes_sockets_with_1012_ends_streams_and_exits_0(tmp_path: Path) -> None:
    env = {"FOXDEN_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"}
    server = FoxdenServer(env, FOXDEN)
    try:
        await asyncio.to_thread(server.start)
        ada, match_id = await _match(server)
        socket = await MatchSocket.open(server.ws_url, match_id, ada.token)
        lobby = await _lobby_socket(server, ada)
        lines: list[str] = []
        opened = asyncio.Event()
        path = f"/api/v1/matches/{match_id}/stream"
        stream = asyncio.create_task(_stream_until_end(server, path, ada.token, lines, opened))
        await asyncio.wait_for(opened.wait(), HANG)  # the stream is open: an envelope came
        closings = [
            asyncio.create_task(_close_code(socket)),
            asyncio.create_task(_lobby_close_code(lobby)),
        ]
        # An open stream would keep a plain uvicorn waiting forever: this one exits.
        exit_code = await asyncio.to_thread(server.terminate)

        assert exit_code == 0
        assert [await closing for closing in closings] == [SERVICE_RESTART, SERVICE_RESTART]
        await asyncio.wait_for(stream, HANG)
        assert lines[-2:] == ["retry: 500", ""], lines[-5:]
        first = json.loads(next(line for line in lines if line.startswith("data: "))[6:])
        assert first["match_id"] == match_id
    finally:
        server.stop()

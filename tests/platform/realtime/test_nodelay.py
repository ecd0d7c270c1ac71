"""Nagle's algorithm is off on every connection that carries pushes (app/ops/nodelay.py).

With it on, an envelope written to a socket whose previous frame the client had not yet
acknowledged waited for the client's delayed ACK: 40 ms for the opponent of every second
move or so. uvicorn takes an inherited socket (`--fd`, how `foxden serve --fd`, the test
servers and the benchmarks run) for a Unix socket and leaves the option alone.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
import websockets

from app.ops.nodelay import no_delay, no_delay_on_fd
from app.realtime.wsprotocol import SlicedWebSocketProtocol
from tests.support.child_server import listening_socket


def _nodelay(sock: socket.socket) -> int:
    return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


@contextmanager
def _plain_listener() -> Iterator[socket.socket]:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    try:
        yield listener
    finally:
        listener.close()


def _accepted(listener: socket.socket) -> tuple[socket.socket, socket.socket]:
    client = socket.create_connection(listener.getsockname())
    server_side, _ = listener.accept()
    return client, server_side


def test_an_inherited_listener_hands_nodelay_to_every_connection() -> None:
    with _plain_listener() as listener:
        client, before = _accepted(listener)
        assert _nodelay(before) == 0  # the kernel's default: what uvicorn --fd kept
        no_delay_on_fd(listener.fileno())
        client2, after = _accepted(listener)  # the descriptor is still open and listening
        assert _nodelay(after) == 1
        for sock in (client, before, client2, after):
            sock.close()


def test_the_test_and_benchmark_servers_listen_with_nodelay() -> None:
    listener = listening_socket()
    try:
        client, server_side = _accepted(listener)
        assert _nodelay(server_side) == 1
        client.close()
        server_side.close()
    finally:
        listener.close()


def test_a_unix_socket_is_left_alone() -> None:
    left, right = socket.socketpair(socket.AF_UNIX)
    no_delay(left)  # no TCP, no Nagle: nothing to do, and no error
    no_delay(None)
    left.close()
    right.close()


async def _echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while (message := await receive())["type"] == "websocket.receive":
        await send({"type": "websocket.send", "text": message.get("text")})


class _Recorded(SlicedWebSocketProtocol):
    """The app's protocol, remembering each connection it served."""

    served: list[Any] = []

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.served.append(transport)


async def test_the_websocket_protocol_turns_nagle_off_on_a_socket_served_from_an_fd() -> None:
    with _plain_listener() as listener:
        config = uvicorn.Config(_echo, fd=listener.fileno(), ws=_Recorded, log_level="warning")
        server = uvicorn.Server(config)
        serving = asyncio.create_task(server.serve())
        async with asyncio.timeout(30):  # a bound on a start that never comes, not a speed test
            while not server.started:
                await asyncio.sleep(0.01)
        port = listener.getsockname()[1]
        async with websockets.connect(f"ws://127.0.0.1:{port}/") as connection:
            await connection.send("hello")
            assert await connection.recv() == "hello"
            assert len(_Recorded.served) == 1
            assert _nodelay(_Recorded.served[0].get_extra_info("socket")) == 1
        server.should_exit = True
        await serving

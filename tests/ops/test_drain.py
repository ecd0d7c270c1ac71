"""The drain closes a socket only between frames: a move being handled is finished and
answered first, then the socket closes with 1012."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from app.realtime.drain import Drain
from app.realtime.frames import SERVICE_RESTART, ClientSocket, Closing


def _socket(drain: Drain) -> ClientSocket:
    context: Any = SimpleNamespace(drain=drain)
    return ClientSocket(context, SimpleNamespace(client=None))  # type: ignore[arg-type]


async def test_a_frame_being_handled_finishes_before_the_socket_closes() -> None:
    drain = Drain()
    socket = _socket(drain)
    answered = asyncio.Event()
    handling = asyncio.Event()

    async def handle_a_move() -> None:
        async with socket.handling():
            handling.set()
            await answered.wait()  # the move commits and its answer is sent meanwhile

    move = asyncio.create_task(handle_a_move())
    await handling.wait()
    closing = asyncio.create_task(socket.closes_on_drain())
    drain.begin()
    settled = asyncio.create_task(drain.settled(30))
    for _ in range(20):
        await asyncio.sleep(0)
    assert not closing.done() and not settled.done(), "closed under a move being handled"

    answered.set()
    await move
    assert await settled is True
    with pytest.raises(Closing) as closed:
        await closing
    assert closed.value.code == SERVICE_RESTART


async def test_an_idle_socket_closes_at_once() -> None:
    drain = Drain()
    closing = asyncio.create_task(_socket(drain).closes_on_drain())
    drain.begin()
    with pytest.raises(Closing):
        await asyncio.wait_for(closing, 30)
    assert await drain.settled(30) is True

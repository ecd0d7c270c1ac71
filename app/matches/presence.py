"""Which seats have a live socket or stream, across processes, cached briefly per process."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from app.context import AppContext

TTL = 1.0
PRESENCE = "presence"


async def presence(context: AppContext, match_id: str) -> dict[int, int]:
    cached = context.presence_cache.get(match_id)
    if cached is not None and cached[0] > time.monotonic():
        return cached[1]
    seats = await context.broker.presence("match:" + match_id)
    context.presence_cache[match_id] = (time.monotonic() + TTL, seats)
    return seats


def forget(context: AppContext, match_id: str) -> None:
    context.presence_cache.pop(match_id, None)


@asynccontextmanager
async def connected(context: AppContext, match_id: str, seat: int | None) -> AsyncIterator[None]:
    """Count a seat as connected while the block runs; tell every process when its flag flips."""
    if seat is None:
        yield
        return
    await _change(context, match_id, seat, +1)
    try:
        yield
    finally:
        await _change(context, match_id, seat, -1)


async def _change(context: AppContext, match_id: str, seat: int, delta: int) -> None:
    count = await context.broker.presence_add("match:" + match_id, seat, delta)
    forget(context, match_id)
    # Viewers see only a seat's `connected` flag: a second tab of a connected seat changes
    # nothing they see, so it must not make every socket of the match resend its envelope.
    flipped = count == 1 if delta > 0 else count <= 0
    if flipped:
        await context.broker.publish("match:" + match_id, PRESENCE)

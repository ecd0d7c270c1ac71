"""Which seats have a live socket or stream, across processes, cached briefly per process.

Each process counts its own sockets in the presence store (app/realtime/presence_store.py); a
heartbeat on the clock keeps its counts alive, so the seats of a process that dies stop showing
as connected within FOXDEN_PRESENCE_TTL_SECONDS. A seat's flag that flips is told to every
process on the match's topic (`Presence`), which drops its cached copy.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from app.realtime.context import RealtimeContext
from app.realtime.messages import Presence, match_topic

# Beats per TTL: two may be missed (a busy process, a slow Redis) before the counts lapse.
BEATS_PER_TTL = 3
log = logging.getLogger(__name__)


async def presence(context: RealtimeContext, match_id: str) -> dict[int, int]:
    seats = context.presence_cache.get(match_id)
    if seats is None:
        seats = await context.presence.counts(match_id)
        context.presence_cache[match_id] = seats
    return seats


def forget(context: RealtimeContext, match_id: str) -> None:
    context.presence_cache.pop(match_id, None)


@asynccontextmanager
async def connected(
    context: RealtimeContext, match_id: str, seat: int | None
) -> AsyncIterator[None]:
    """Count a seat as connected while the block runs; tell every process when its flag flips."""
    if seat is None:
        yield
        return
    await _change(context, match_id, seat, +1)
    try:
        yield
    finally:
        await _change(context, match_id, seat, -1)


async def _change(context: RealtimeContext, match_id: str, seat: int, delta: int) -> None:
    count = await context.presence.add(match_id, seat, delta)
    forget(context, match_id)
    # Viewers see only a seat's `connected` flag: a second tab of a connected seat changes
    # nothing they see, so it must not make every socket of the match resend its envelope.
    flipped = count == 1 if delta > 0 else count <= 0
    if flipped:
        await context.broker.publish(match_topic(match_id), Presence().encode())


class PresenceHeartbeat:
    """Keeps this process's presence counts alive while it runs; once stopped, lets go of the
    store's connection (nothing is counted after the app stops)."""

    def __init__(self, context: RealtimeContext) -> None:
        self.context = context
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self._beat()  # alive before the first socket is counted
        self._task = asyncio.create_task(self._beat_forever())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.context.presence.close()

    async def _beat_forever(self) -> None:
        ttl = self.context.settings.presence_ttl_seconds
        while True:
            await self.context.clock.sleep(ttl / BEATS_PER_TTL)
            try:
                await self._beat()
            except Exception:  # Redis may be briefly away; the next beat tries again
                log.warning("presence heartbeat failed", exc_info=True)

    async def _beat(self) -> None:
        await self.context.presence.keep_alive(self.context.settings.presence_ttl_seconds)

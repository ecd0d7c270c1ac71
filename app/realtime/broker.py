"""Fan-out between processes: a tiny publish/subscribe interface with two twins.

`memory://` delivers inside one process; `redis://` carries messages between any number of
processes. Messages are version numbers and seat presence counts, never game data: every
receiver loads the match and projects it for its own viewer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Protocol

from redis import asyncio as aioredis

Deliver = Callable[[str, str], None]
log = logging.getLogger(__name__)
PREFIX = "foxden:"
RESYNC = "resync"
"""Delivered as topic and message when messages between processes may have been lost: every
local socket and stream then checks its match against the database."""


class Broker(Protocol):
    async def start(self, deliver: Deliver) -> None: ...
    async def close(self) -> None: ...
    async def publish(self, topic: str, message: str) -> None: ...
    async def ping(self) -> bool: ...
    async def presence_add(self, topic: str, seat: int, delta: int) -> int: ...  # new count
    async def presence(self, topic: str) -> dict[int, int]: ...


class MemoryBroker:
    def __init__(self) -> None:
        self._deliver: Deliver | None = None
        self._presence: dict[str, dict[int, int]] = {}

    async def start(self, deliver: Deliver) -> None:
        self._deliver = deliver

    async def close(self) -> None:
        self._deliver = None

    async def publish(self, topic: str, message: str) -> None:
        if self._deliver is not None:
            self._deliver(topic, message)

    async def ping(self) -> bool:
        return True

    async def presence_add(self, topic: str, seat: int, delta: int) -> int:
        seats = self._presence.setdefault(topic, {})
        seats[seat] = max(0, seats.get(seat, 0) + delta)
        return seats[seat]

    async def presence(self, topic: str) -> dict[int, int]:
        return dict(self._presence.get(topic, {}))


class RedisBroker:
    """Redis pub/sub with one pattern subscription per process; reconnects on failure."""

    def __init__(self, url: str) -> None:
        self._redis = aioredis.from_url(url, decode_responses=True)
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._outbox: list[tuple[str, str]] = []
        self._sending: asyncio.Task[None] | None = None

    async def start(self, deliver: Deliver) -> None:
        self._task = asyncio.create_task(self._listen(deliver))
        # Publishing before the subscription exists would lose this process's own messages.
        await asyncio.wait_for(self._ready.wait(), timeout=10)

    async def _listen(self, deliver: Deliver) -> None:
        while True:
            try:
                async with self._redis.pubsub() as pubsub:
                    await pubsub.psubscribe(PREFIX + "*")
                    if self._ready.is_set():  # back after an outage: messages may be lost
                        deliver(RESYNC, RESYNC)
                    self._ready.set()
                    async for message in pubsub.listen():
                        if message["type"] == "pmessage":
                            deliver(message["channel"][len(PREFIX) :], message["data"])
            except asyncio.CancelledError:
                raise
            except Exception:  # the connection dropped: wait a moment and resubscribe
                log.warning("redis subscription lost; reconnecting", exc_info=True)
                await asyncio.sleep(0.5)

    async def close(self) -> None:
        if self._sending is not None:
            with contextlib.suppress(Exception):
                await self._sending
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self._redis.aclose()

    async def publish(self, topic: str, message: str) -> None:
        """Queue the message; one sender pipelines everything queued meanwhile (one write to
        Redis for many moves), in order. A move is committed before it is published, so a
        broker outage must not fail the move: pushes are caught up from the versions later."""
        self._outbox.append((topic, message))
        if self._sending is None or self._sending.done():
            self._sending = asyncio.create_task(self._send())

    async def _send(self) -> None:
        while self._outbox:
            batch, self._outbox = self._outbox, []
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for topic, message in batch:
                        pipe.publish(PREFIX + topic, message)
                    await pipe.execute()
            except Exception:
                log.warning("redis publish failed; %d messages dropped", len(batch), exc_info=True)

    async def ping(self) -> bool:
        try:
            return bool(await self._redis.ping())
        except Exception:
            return False

    async def presence_add(self, topic: str, seat: int, delta: int) -> int:
        return int(await self._redis.hincrby(PREFIX + "presence:" + topic, str(seat), delta))

    async def presence(self, topic: str) -> dict[int, int]:
        raw = await self._redis.hgetall(PREFIX + "presence:" + topic)
        return {int(seat): max(0, int(count)) for seat, count in raw.items()}


def make_broker(redis_url: str) -> Broker:
    return RedisBroker(redis_url) if redis_url else MemoryBroker()

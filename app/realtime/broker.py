"""Fan-out between processes: a tiny publish/subscribe interface with two twins.

`memory://` delivers inside one process; `redis://` carries messages between any number of
processes. Messages are version numbers and seat presence counts, never game data: every
receiver loads the match and projects it for its own viewer.

Presence counts are kept per process, and a process's counts only count while its liveness
key (refreshed by `presence_alive`) lives: the sockets of a process that died stop counting
once that key expires.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Callable
from typing import Protocol, cast

from redis import asyncio as aioredis
from redis.asyncio.client import PubSub

Deliver = Callable[[str, str], None]
log = logging.getLogger(__name__)
PREFIX = "foxden:"
RESYNC = "resync"
"""Delivered as topic and message when messages between processes may have been lost: every
local socket and stream then checks its match against the database."""
ALIVE = PREFIX + "alive:"
PUBLISH_RETRIES = (0.05, 0.5, None)  # pauses between tries of one batch; None: give up
# A Redis that stops answering (a frozen host, a half-open connection) must fail a call, not
# hang it: commands give up after COMMAND_SECONDS, and the subscription pings the server each
# HEARTBEAT_SECONDS of quiet and reconnects once it has heard nothing for SILENT_SECONDS.
CONNECT_SECONDS = 2.0
COMMAND_SECONDS = 3.0
HEARTBEAT_SECONDS = 2.0
SILENT_SECONDS = 3 * HEARTBEAT_SECONDS


class SubscriptionSilent(ConnectionError):
    """The subscription's connection heard nothing, not even a pong, for SILENT_SECONDS."""


class Broker(Protocol):
    async def start(self, deliver: Deliver) -> None: ...
    async def close(self) -> None: ...
    async def publish(self, topic: str, message: str) -> None: ...
    async def ping(self) -> bool: ...
    async def presence_add(self, topic: str, seat: int, delta: int) -> int: ...  # new count
    async def presence(self, topic: str) -> dict[int, int]: ...
    async def presence_alive(self, seconds: float) -> None: ...


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

    async def presence_alive(self, seconds: float) -> None:
        """Nothing to refresh: in one process, the counts die with the sockets they count."""


class RedisBroker:
    """Redis pub/sub with one pattern subscription per process; reconnects on failure."""

    def __init__(self, url: str) -> None:
        self._redis = aioredis.from_url(
            url,
            decode_responses=True,
            socket_connect_timeout=CONNECT_SECONDS,
            socket_timeout=COMMAND_SECONDS,
            health_check_interval=HEARTBEAT_SECONDS,
        )
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._outbox: list[tuple[str, str]] = []
        self._sending: asyncio.Task[None] | None = None
        self._process = uuid.uuid4().hex
        # This process's own counts: what it writes again if its liveness key ever lapsed.
        self._local: dict[str, dict[int, int]] = {}

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
                    await _relay(pubsub, deliver)
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
            for pause in PUBLISH_RETRIES:
                try:
                    async with self._redis.pipeline(transaction=False) as pipe:
                        for topic, message in batch:
                            pipe.publish(PREFIX + topic, message)
                        await pipe.execute()
                    break
                except Exception:  # a dropped pooled connection fails once: try a fresh one
                    if pause is None:
                        # Still away: the receivers resync when their subscription is back.
                        log.warning("redis publish failed; %d messages dropped", len(batch))
                        break
                    await asyncio.sleep(pause)

    async def ping(self) -> bool:
        try:
            return bool(await self._redis.ping())
        except Exception:
            return False

    async def presence_add(self, topic: str, seat: int, delta: int) -> int:
        """Returns this process's new count for the seat (a flip 0 <-> 1 is what others see)."""
        seats = self._local.setdefault(topic, {})
        count = seats[seat] = max(0, seats.get(seat, 0) + delta)
        if not count:
            del seats[seat]
            if not seats:
                del self._local[topic]
        # An increment, not the new count: concurrent changes may reach Redis in any order.
        await self._redis.hincrby(_presence_key(topic), f"{self._process}:{seat}", delta)
        return count

    async def presence(self, topic: str) -> dict[int, int]:
        """Seat counts summed over the processes still alive; a dead one's counts are dropped."""
        # decode_responses=True: Redis hands back str, whatever the stubs say.
        raw = cast(dict[str, str], await self._redis.hgetall(_presence_key(topic)))
        alive = await self._alive({_process_of(field) for field in raw})
        dead = [field for field in raw if _process_of(field) not in alive]
        if dead:
            await self._redis.hdel(_presence_key(topic), *dead)
        seats: dict[int, int] = {}
        for field, count in raw.items():
            if _process_of(field) in alive:
                seat = int(field.rpartition(":")[2])
                seats[seat] = seats.get(seat, 0) + max(0, int(count))
        return seats

    async def _alive(self, processes: set[str]) -> set[str]:
        if not processes:
            return set()
        ordered = sorted(processes)
        keys = await self._redis.mget([ALIVE + process for process in ordered])
        return {process for process, key in zip(ordered, keys, strict=True) if key}

    async def presence_alive(self, seconds: float) -> None:
        """Keep this process's counts alive `seconds` more. If the key had lapsed, a reader may
        have dropped them as dead: write them again."""
        key = ALIVE + self._process
        previous = await self._redis.set(key, "1", px=max(1, int(seconds * 1000)), get=True)
        if previous is None and self._local:
            async with self._redis.pipeline(transaction=True) as pipe:
                for topic, seats in self._local.items():
                    for seat, count in seats.items():
                        pipe.hset(_presence_key(topic), f"{self._process}:{seat}", count)
                await pipe.execute()


async def _relay(pubsub: PubSub, deliver: Deliver) -> None:
    """Deliver messages until the connection fails or falls silent. A blocking read would wait
    forever on a connection the network dropped without a word, so quiet spells are filled
    with pings, and one unanswered for SILENT_SECONDS counts as a lost connection."""
    clock = asyncio.get_running_loop().time
    heard = clock()
    while True:
        message = await pubsub.get_message(timeout=HEARTBEAT_SECONDS)
        if message is not None:
            heard = clock()
            if message["type"] == "pmessage":
                deliver(message["channel"][len(PREFIX) :], message["data"])
            continue
        if clock() - heard > SILENT_SECONDS:
            raise SubscriptionSilent(f"no word from Redis for {SILENT_SECONDS:.0f} s")
        await pubsub.ping()


def _presence_key(topic: str) -> str:
    return PREFIX + "presence:" + topic


def _process_of(field: str) -> str:
    """The process of a presence field "<process>:<seat>"."""
    return field.rpartition(":")[0]


def make_broker(redis_url: str) -> Broker:
    return RedisBroker(redis_url) if redis_url else MemoryBroker()

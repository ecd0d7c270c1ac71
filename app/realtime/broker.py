"""Fan-out between processes: a tiny publish/subscribe interface with two twins.

`memory://` delivers inside one process; `redis://` carries messages between any number of
processes. The channels and messages are named in app/realtime/messages.py: versions, seat
changes, presence, chat sequence numbers, never game data (every receiver loads the match and
projects it for its own viewer). Who is connected is kept apart (app/realtime/presence_store.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from redis import asyncio as aioredis
from redis.asyncio.client import PubSub

from app.realtime.hub import Everything, Follower
from app.realtime.messages import RESYNC, TOKEN, Resync

Deliver = Callable[[str, str], None]  # (topic, message): wire texts (messages.py)
log = logging.getLogger(__name__)
PREFIX = "foxden:"
EVERYWHERE = TOKEN  # the channels every process hears (a pattern); the rest, where listened to
DELIVERED = ("message", "pmessage")
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


class Broker(Follower, Protocol):
    async def start(self, deliver: Deliver) -> None: ...
    async def close(self) -> None: ...
    async def publish(self, topic: str, message: str) -> None: ...
    async def ping(self) -> bool: ...


class MemoryBroker(Everything):
    def __init__(self) -> None:
        self._deliver: Deliver | None = None

    async def start(self, deliver: Deliver) -> None:
        self._deliver = deliver

    async def close(self) -> None:
        self._deliver = None

    async def publish(self, topic: str, message: str) -> None:
        if self._deliver is not None:
            self._deliver(topic, message)

    async def ping(self) -> bool:
        return True


def uncounted(operation: str) -> None:
    """No metrics attached (a broker or a store made outside an app)."""


class RedisBroker:
    """Redis pub/sub; reconnects on failure.

    A process subscribes to a match's (a lobby's, a player's) channel only while one of its
    sockets or streams listens to it (the hub says when: `follow`, `unfollow`), so it never
    reads the messages of matches watched elsewhere: with nginx sending a match's sockets to
    one process, each move is read by that process alone, however many processes run. Token
    channels are heard by every process through one pattern (a token may sit in any process's
    cache). Old processes' `foxden:*` pattern still hears everything: a rolling restart mixes
    both kinds."""

    def __init__(self, url: str) -> None:
        self._redis = redis_client(url)
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._outbox: list[tuple[str, str]] = []
        self._sending: asyncio.Task[None] | None = None
        self._pubsub: PubSub | None = None  # None while (re)connecting
        self._followed: set[str] = set()
        self._confirming: dict[str, list[asyncio.Future[None]]] = {}
        self._in_order = asyncio.Lock()  # (un)subscriptions reach Redis in the order asked
        self._changing: set[asyncio.Task[None]] = set()
        # Told the operation of every failure (the metrics hook: app/ops/instrument.py).
        self.failed: Callable[[str], None] = uncounted

    async def start(self, deliver: Deliver) -> None:
        self._task = asyncio.create_task(self._listen(deliver))
        # Publishing before the subscription exists would lose this process's own messages.
        await asyncio.wait_for(self._ready.wait(), timeout=10)

    async def _listen(self, deliver: Deliver) -> None:
        while True:
            try:
                async with self._redis.pubsub() as pubsub:
                    await pubsub.psubscribe(PREFIX + EVERYWHERE + "*")
                    self._pubsub = pubsub  # from here a new follow subscribes by itself
                    if self._followed:
                        await pubsub.subscribe(*(PREFIX + topic for topic in self._followed))
                    if self._ready.is_set():  # back after an outage: messages may be lost
                        deliver(RESYNC, Resync().encode())
                    self._ready.set()
                    await _relay(pubsub, deliver, self._confirmed)
            except asyncio.CancelledError:
                raise
            except Exception:  # the connection dropped: wait a moment and resubscribe
                self.failed("subscribe")
                log.warning("redis subscription lost; reconnecting", exc_info=True)
            finally:
                self._lost_subscription()
            await asyncio.sleep(0.5)

    def follow(self, topic: str) -> asyncio.Future[None]:
        heard: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if topic.startswith(EVERYWHERE) or topic == RESYNC:
            heard.set_result(None)  # heard through the pattern (or this process's own)
            return heard
        self._followed.add(topic)
        if self._pubsub is None:  # reconnecting: the resubscription and its resync cover it
            heard.set_result(None)
            return heard
        self._confirming.setdefault(PREFIX + topic, []).append(heard)
        self._change(self._pubsub.subscribe, topic)
        return heard

    def unfollow(self, topic: str) -> None:
        if topic not in self._followed:
            return
        self._followed.discard(topic)
        if self._pubsub is not None:
            self._change(self._pubsub.unsubscribe, topic)

    def _change(self, command: Callable[..., Awaitable[object]], topic: str) -> None:
        async def send() -> None:
            async with self._in_order:
                with contextlib.suppress(Exception):  # a lost connection resubscribes it all
                    await command(PREFIX + topic)

        task = asyncio.get_running_loop().create_task(send())
        self._changing.add(task)
        task.add_done_callback(self._changing.discard)

    def _confirmed(self, channel: str) -> None:
        waiting = self._confirming.get(channel)
        if waiting:
            heard = waiting.pop(0)
            if not waiting:
                del self._confirming[channel]
            if not heard.done():
                heard.set_result(None)

    def _lost_subscription(self) -> None:
        """Nobody waits on a subscription of a lost connection: the next one has them all."""
        self._pubsub = None
        for waiting in self._confirming.values():
            for heard in waiting:
                if not heard.done():
                    heard.set_result(None)
        self._confirming.clear()

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
                    self.failed("publish")
                    if pause is None:
                        # Still away: the receivers resync when their subscription is back.
                        log.warning("redis publish failed; %d messages dropped", len(batch))
                        break
                    await asyncio.sleep(pause)

    async def ping(self) -> bool:
        try:
            return bool(await self._redis.ping())
        except Exception:
            self.failed("ping")
            return False


async def _relay(pubsub: PubSub, deliver: Deliver, confirmed: Callable[[str], None]) -> None:
    """Deliver messages until the connection fails or falls silent. A blocking read would wait
    forever on a connection the network dropped without a word, so quiet spells are filled
    with pings, and one unanswered for SILENT_SECONDS counts as a lost connection."""
    clock = asyncio.get_running_loop().time
    heard = clock()
    while True:
        message = await pubsub.get_message(timeout=HEARTBEAT_SECONDS)
        if message is not None:
            heard = clock()
            kind = message["type"]
            if kind in DELIVERED:
                deliver(message["channel"][len(PREFIX) :], message["data"])
            elif kind == "subscribe":
                confirmed(message["channel"])
            continue
        if clock() - heard > SILENT_SECONDS:
            raise SubscriptionSilent(f"no word from Redis for {SILENT_SECONDS:.0f} s")
        await pubsub.ping()


def redis_client(url: str) -> aioredis.Redis:
    """A client that fails a call to a Redis that stopped answering instead of hanging it."""
    return aioredis.from_url(
        url,
        decode_responses=True,
        socket_connect_timeout=CONNECT_SECONDS,
        socket_timeout=COMMAND_SECONDS,
        health_check_interval=HEARTBEAT_SECONDS,
    )


def make_broker(redis_url: str) -> Broker:
    return RedisBroker(redis_url) if redis_url else MemoryBroker()

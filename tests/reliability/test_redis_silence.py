"""A Redis that stops answering without closing its connections (a frozen host, a network that
drops packets) must fail calls within a bound, and the subscription must notice and come back.

The private redis-server is frozen with SIGSTOP: its sockets stay open and accept, but nothing is
ever answered, which is what a half-open connection looks like from the app.
"""

from __future__ import annotations

import asyncio
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from app.realtime import broker as broker_module
from app.realtime.broker import RedisBroker
from app.realtime.hub import Hub
from app.realtime.messages import RESYNC
from app.realtime.presence_store import RedisPresenceStore
from tests.conftest import REQUIRE
from tests.reliability.services import PrivateRedis

pytestmark = pytest.mark.slow

# Far above the broker's own bounds (shortened below): reaching it means a call hung.
HANG = 20.0


@pytest.fixture
def redis_server() -> Iterator[PrivateRedis]:
    if not shutil.which("redis-server"):
        if REQUIRE:
            pytest.fail("redis-server is not installed", pytrace=False)
        pytest.skip("redis-server is not installed")
    folder = Path(tempfile.mkdtemp(prefix="foxden-silence-"))
    server = PrivateRedis(folder)
    server.start()
    try:
        yield server
    finally:
        if server.process is not None:
            server.process.send_signal(signal.SIGCONT)
        server.kill()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def short_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(broker_module, "COMMAND_SECONDS", 0.5)
    monkeypatch.setattr(broker_module, "HEARTBEAT_SECONDS", 0.2)
    monkeypatch.setattr(broker_module, "SILENT_SECONDS", 0.6)


async def _until_delivered(received: list[tuple[str, str]], wanted: tuple[str, str]) -> None:
    while wanted not in received:
        await asyncio.sleep(0.05)


async def test_a_frozen_redis_fails_calls_and_the_subscription_comes_back(
    redis_server: PrivateRedis,
) -> None:
    received: list[tuple[str, str]] = []
    broker, store = RedisBroker(redis_server.url), RedisPresenceStore(redis_server.url)
    await broker.start(lambda topic, message: received.append((topic, message)))
    try:
        await asyncio.wait_for(broker.follow("match:a"), HANG)  # a socket here watches it
        await broker.publish("match:a", "1")
        await asyncio.wait_for(_until_delivered(received, ("match:a", "1")), HANG)

        assert redis_server.process is not None
        redis_server.process.send_signal(signal.SIGSTOP)
        # Readiness answers "down" instead of hanging the probe.
        assert await asyncio.wait_for(broker.ping(), HANG) is False
        # Presence (a socket opening) fails with an error the socket code can answer.
        with pytest.raises(RedisError):
            await asyncio.wait_for(store.add("a", 0, +1), HANG)

        redis_server.process.send_signal(signal.SIGCONT)
        # The silent subscription was dropped and made again: local sockets are told to resync,
        # and messages flow again without a restart.
        await asyncio.wait_for(_until_delivered(received, (RESYNC, RESYNC)), HANG)
        await broker.publish("match:a", "2")
        await asyncio.wait_for(_until_delivered(received, ("match:a", "2")), HANG)
        assert await broker.ping() is True
    finally:
        await asyncio.wait_for(broker.close(), HANG)
        await asyncio.wait_for(store.close(), HANG)


async def test_a_cut_subscription_comes_back_with_every_watched_match_and_a_resync(
    redis_server: PrivateRedis,
) -> None:
    """A process hears a match only while one of its sockets watches it: coming back after a
    cut connection, it subscribes again to every match still watched."""
    received: list[tuple[str, str]] = []
    broker, publisher = RedisBroker(redis_server.url), RedisBroker(redis_server.url)
    hub = Hub(follower=broker)
    await broker.start(lambda topic, message: received.append((topic, message)))
    await publisher.start(lambda _topic, _message: None)
    try:
        with hub.listen("match:watched") as watching:
            await asyncio.wait_for(watching.subscribed(), HANG)
            client = aioredis.from_url(redis_server.url)
            try:
                await client.client_kill_filter(_type="pubsub")  # both brokers' subscriptions
            finally:
                await client.aclose()
            await asyncio.wait_for(_until_delivered(received, (RESYNC, RESYNC)), HANG)
            await publisher.publish("match:watched", "after")
            await asyncio.wait_for(_until_delivered(received, ("match:watched", "after")), HANG)
    finally:
        await asyncio.wait_for(broker.close(), HANG)
        await asyncio.wait_for(publisher.close(), HANG)

"""Each process hears a match's messages only while one of its sockets or streams watches it
(app/realtime/broker.py): an added process must not add the work of every other process's
moves. Tested against the real Redis, between brokers as two processes have them."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest
import redis.asyncio as aioredis

from app.realtime.broker import PREFIX, RedisBroker
from app.realtime.hub import Hub

BOUND = 10.0  # far above any wait here: reaching it means a message never came


class Process:
    """A broker and its hub, as a server process holds them."""

    def __init__(self, url: str) -> None:
        self.broker = RedisBroker(url)
        self.hub = Hub(follower=self.broker)
        self.heard: list[tuple[str, str]] = []

    def deliver(self, topic: str, message: str) -> None:
        self.heard.append((topic, message))
        self.hub.deliver(topic, message)


@pytest.fixture
async def two(redis_url: str) -> AsyncIterator[tuple[Process, Process]]:
    processes = (Process(redis_url), Process(redis_url))
    for process in processes:
        await process.broker.start(process.deliver)
    try:
        yield processes
    finally:
        for process in processes:
            await process.broker.close()


def _topic() -> str:
    return f"match:{uuid.uuid4().hex}"  # channels are shared by every test of the Redis


async def _subscribers(url: str, topic: str) -> int:
    client = aioredis.from_url(url, decode_responses=True)
    try:
        counts = await client.pubsub_numsub(PREFIX + topic)
        return int(counts[0][1])
    finally:
        await client.aclose()


async def _heard(process: Process, wanted: tuple[str, str]) -> None:
    while wanted not in process.heard:
        await asyncio.sleep(0.01)


async def test_a_process_hears_a_match_only_while_one_of_its_sockets_watches_it(
    two: tuple[Process, Process], redis_url: str
) -> None:
    owner, other = two
    topic = _topic()
    with owner.hub.listen(topic) as watching:
        assert await watching.subscribed() is True  # it did not hear the match before
        assert await _subscribers(redis_url, topic) == 1  # the other process is not subscribed
        await other.broker.publish(topic, "1")  # a move committed on the other process
        await asyncio.wait_for(_heard(owner, (topic, "1")), BOUND)
        with owner.hub.listen(topic) as second:  # the other seat's socket on the same process
            assert await second.subscribed() is False
        with other.hub.listen(topic) as spectator:
            await spectator.subscribed()
            assert await _subscribers(redis_url, topic) == 2
            await owner.broker.publish(topic, "2")
            await asyncio.wait_for(_heard(other, (topic, "2")), BOUND)
        assert await _subscribers(redis_url, topic) == 1  # the spectator left
        await owner.broker.publish(topic, "3")
        await asyncio.wait_for(_heard(owner, (topic, "3")), BOUND)
    assert (topic, "3") not in other.heard
    while await _subscribers(redis_url, topic):  # the last socket left: nobody listens
        await asyncio.sleep(0.01)


async def test_token_channels_are_heard_by_every_process_without_a_listener(
    two: tuple[Process, Process],
) -> None:
    """A revoked token may sit in any process's cache: its news reaches them all."""
    first, second = two
    topic = f"token:{uuid.uuid4().hex}"
    await first.broker.publish(topic, "signed out")
    await asyncio.wait_for(_heard(second, (topic, "signed out")), BOUND)
    await asyncio.wait_for(_heard(first, (topic, "signed out")), BOUND)

"""The clock twins: the manual one moves only when told, and runs what falls due in order; a
deadline on either ends a wait once its clock passes it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from app.core.clock import ManualClock, RealClock, deadline

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


async def test_advancing_runs_each_callback_at_its_own_moment_in_order() -> None:
    clock = ManualClock(START)
    seen: list[tuple[str, datetime]] = []

    def record(name: str) -> Callable[[], None]:
        return lambda: seen.append((name, clock.now()))

    for name, seconds in (("late", 3), ("early", 1), ("never", 10)):
        clock.call_at(START + timedelta(seconds=seconds), record(name))
    cancelled = clock.call_at(START + timedelta(seconds=2), lambda: seen.append(("x", START)))
    cancelled.cancel()
    await clock.advance(5)
    assert seen == [
        ("early", START + timedelta(seconds=1)),
        ("late", START + timedelta(seconds=3)),
    ]
    assert clock.now() == START + timedelta(seconds=5) and clock.monotonic() == 5
    assert clock.next_due() == START + timedelta(seconds=10) and clock.waiting() == 1


async def test_a_sleep_ends_only_when_the_clock_passes_it() -> None:
    clock = ManualClock(START)
    sleeper = asyncio.create_task(clock.sleep(2))
    await asyncio.sleep(0)
    assert clock.asleep(sleeper)
    await clock.advance(1.9)
    assert not sleeper.done()
    await clock.advance(0.1)
    await asyncio.wait_for(sleeper, 10)
    assert not clock.asleep(sleeper)
    await clock.sleep(0)  # nothing to wait for: returns at once


async def test_the_real_clock_rings_a_passed_time_at_once() -> None:
    clock = RealClock()
    rang = asyncio.Event()
    clock.call_at(clock.now() - timedelta(seconds=1), rang.set)
    await asyncio.wait_for(rang.wait(), 10)
    assert clock.now().tzinfo is not None


async def test_a_deadline_ends_the_wait_once_its_clock_passes_it_and_not_before() -> None:
    clock = ManualClock(START)
    arrived = asyncio.Event()

    async def wait_for_arrival(seconds: float) -> bool:
        with contextlib.suppress(TimeoutError):
            async with deadline(clock, seconds):
                await arrived.wait()
                return True
        return False

    late = asyncio.create_task(wait_for_arrival(2))
    await asyncio.sleep(0)
    await clock.advance(1.9)
    assert not late.done()
    await clock.advance(0.1)
    assert await asyncio.wait_for(late, 10) is False
    in_time = asyncio.create_task(wait_for_arrival(2))
    await asyncio.sleep(0)
    arrived.set()
    assert await asyncio.wait_for(in_time, 10) is True
    assert clock.waiting() == 0  # the deadline it no longer needed is gone
    with pytest.raises(TimeoutError):  # the real clock's, in production
        async with deadline(RealClock(), 0.01):
            await asyncio.sleep(10)

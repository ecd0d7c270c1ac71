"""The clock twins: the manual one moves only when told, and runs what falls due in order."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from app.core.clock import ManualClock, RealClock

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

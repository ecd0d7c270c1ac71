"""Time for everything that happens by itself: turn deadlines, bot delays, recovery, presence.

One small interface with two twins: `RealClock` in production, `ManualClock` in tests, where
time moves only when a test calls `advance`, so nothing a test checks waits on the wall clock.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol


class Cancellable(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...

    def monotonic(self) -> float:
        """Seconds from an arbitrary start; only differences mean anything."""
        ...

    async def sleep(self, seconds: float) -> None: ...

    def call_at(self, when: datetime, callback: Callable[[], None]) -> Cancellable:
        """Run `callback` (plain, quick code) in the event loop once `when` has come."""
        ...

    def call_later(self, seconds: float, callback: Callable[[], None]) -> Cancellable:
        """`call_at` `seconds` from now, for a timer set often (no date arithmetic)."""
        ...


class RealClock:
    def now(self) -> datetime:
        return datetime.now(UTC)

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    def call_at(self, when: datetime, callback: Callable[[], None]) -> Cancellable:
        # The event loop keeps its timers in a heap: a thousand waiting deadlines cost nothing.
        delay = max(0.0, (when - self.now()).total_seconds())
        return asyncio.get_running_loop().call_later(delay, callback)

    def call_later(self, seconds: float, callback: Callable[[], None]) -> Cancellable:
        return asyncio.get_running_loop().call_later(seconds, callback)


@dataclass(order=True)
class _Scheduled:
    when: datetime
    order: int
    callback: Callable[[], None] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that stands still until `advance`; what falls due then runs in time order.

    Use it from one event loop (the app's): `advance` must be awaited in that loop.
    """

    def __init__(self, start: datetime | None = None) -> None:
        self._start = start or datetime.now(UTC)
        self._elapsed = 0.0
        self._queue: list[_Scheduled] = []
        self._order = itertools.count()
        self._sleepers: set[asyncio.Task[Any]] = set()

    def now(self) -> datetime:
        return self._start + timedelta(seconds=self._elapsed)

    def monotonic(self) -> float:
        return self._elapsed

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)  # still a chance for other tasks, as a real sleep(0) gives
            return
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        scheduled = self.call_at(self.now() + timedelta(seconds=seconds), lambda: _wake(woken))
        task = asyncio.current_task()
        if task is not None:
            self._sleepers.add(task)
        try:
            await woken
        finally:
            scheduled.cancel()
            if task is not None:
                self._sleepers.discard(task)

    def call_at(self, when: datetime, callback: Callable[[], None]) -> Cancellable:
        scheduled = _Scheduled(when, next(self._order), callback)
        heapq.heappush(self._queue, scheduled)
        return scheduled

    def call_later(self, seconds: float, callback: Callable[[], None]) -> Cancellable:
        return self.call_at(self.now() + timedelta(seconds=seconds), callback)

    async def advance(self, seconds: float) -> None:
        """Move time on, running each callback that falls due at its own moment, in order."""
        target = self.now() + timedelta(seconds=seconds)
        while self._queue and self._queue[0].when <= target:
            due = heapq.heappop(self._queue)
            if due.cancelled:
                continue
            self._move_to(due.when)
            due.callback()
            await asyncio.sleep(0)  # the task it woke runs on, until it waits for something
        self._move_to(target)

    def asleep(self, task: asyncio.Task[Any]) -> bool:
        """Whether `task` is waiting in `sleep` for this clock to move."""
        return task in self._sleepers

    def waiting(self) -> int:
        """How many callbacks and sleeps are waiting for their time."""
        return sum(1 for scheduled in self._queue if not scheduled.cancelled)

    def next_due(self) -> datetime | None:
        """When the next callback or sleep falls due (None: nothing waits for the clock)."""
        return min((s.when for s in self._queue if not s.cancelled), default=None)

    def _move_to(self, when: datetime) -> None:
        self._elapsed = max(self._elapsed, (when - self._start).total_seconds())


def _wake(sleeper: asyncio.Future[None]) -> None:
    if not sleeper.done():  # a cancelled sleep stays cancelled
        sleeper.set_result(None)


@asynccontextmanager
async def deadline(clock: Clock, seconds: float) -> AsyncIterator[None]:
    """`asyncio.timeout(seconds)` counted on `clock`: TimeoutError once `seconds` have passed
    on it, so a test moves past a wait instead of racing it on the wall clock."""
    loop = asyncio.get_running_loop()
    async with asyncio.timeout(None) as timeout:
        due = clock.call_at(
            clock.now() + timedelta(seconds=seconds), lambda: timeout.reschedule(loop.time())
        )
        try:
            yield
        finally:
            due.cancel()

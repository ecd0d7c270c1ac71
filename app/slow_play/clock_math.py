"""The arithmetic of a slow clock: when a player's clock stands still, how much running time a
span holds, and when a given amount of running time will have passed.

A player's clock stops outside their daily playing hours (in their own time zone, so a DST
change moves the hours with the wall clock, not with UTC) and during their vacations. Pure:
no database and no wall clock; every instant is an aware UTC datetime.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

HOURS = "hours"  # outside the player's playing hours
VACATION = "vacation"  # the player is on vacation


@dataclass(frozen=True)
class PlayingHours:
    """Local wall-clock times; `end` at or before `start` means the hours run past midnight."""

    start: time
    end: time


@dataclass(frozen=True)
class Schedule:
    """When one player's slow clocks may run. Vacations are [from, until) in UTC, in order."""

    time_zone: str = "UTC"
    hours: PlayingHours | None = None
    vacations: tuple[tuple[datetime, datetime], ...] = ()


ALWAYS = Schedule()  # a bot, or a player who set nothing: the clock always runs


@dataclass(frozen=True)
class Pause:
    """A stretch during which the clock stands still, and why (VACATION wins when both)."""

    start: datetime
    end: datetime
    reason: str


@lru_cache(maxsize=256)
def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def _local(day: date, at: time, tz: ZoneInfo) -> datetime:
    # A wall time that does not exist (skipped by DST) lands an hour off, as zoneinfo's fold=0
    # reads it; a repeated one takes its first occurrence.
    return datetime.combine(day, at, tzinfo=tz).astimezone(UTC)


def _off_hours(hours: PlayingHours, tz: ZoneInfo, since: datetime) -> Iterator[Pause]:
    """Every stretch outside the playing hours that ends after `since`, in order (unending)."""
    overnight = hours.end <= hours.start
    day = since.astimezone(tz).date() - timedelta(days=2)
    while True:
        close = _local(day + timedelta(days=1 if overnight else 0), hours.end, tz)
        reopen = _local(day + timedelta(days=1), hours.start, tz)
        if reopen > close and reopen > since:
            yield Pause(close, reopen, HOURS)
        day += timedelta(days=1)


def _vacations(schedule: Schedule, since: datetime) -> Iterator[Pause]:
    for start, end in schedule.vacations:
        if end > since and end > start:
            yield Pause(start, end, VACATION)


def pauses_from(schedule: Schedule, since: datetime) -> Iterator[Pause]:
    """The clock's pauses from `since` on, merged, in order, clipped to start no earlier than
    `since`. Unending when the schedule has playing hours."""
    streams: list[Iterable[Pause]] = [_vacations(schedule, since)]
    if schedule.hours is not None:
        streams.append(_off_hours(schedule.hours, zone(schedule.time_zone), since))
    current: Pause | None = None
    for pause in heapq.merge(*streams, key=lambda p: p.start):
        if current is not None and pause.start <= current.end:
            reason = VACATION if VACATION in (current.reason, pause.reason) else HOURS
            current = Pause(current.start, max(current.end, pause.end), reason)
            continue
        if current is not None:
            yield current
        current = Pause(max(pause.start, since), pause.end, pause.reason)
    if current is not None:
        yield current


def running_seconds(schedule: Schedule, start: datetime, end: datetime) -> float:
    """How long the clock ran between `start` and `end`."""
    if end <= start:
        return 0.0
    stopped = timedelta()
    for pause in pauses_from(schedule, start):
        if pause.start >= end:
            break
        stopped += min(pause.end, end) - pause.start
    return (end - start - stopped).total_seconds()


def instant_after(schedule: Schedule, start: datetime, seconds: float) -> datetime:
    """When the clock, started at `start`, will have run `seconds`."""
    at, left = start, timedelta(seconds=max(seconds, 0.0))
    for pause in pauses_from(schedule, start):
        if pause.start - at >= left:
            break
        left -= max(pause.start - at, timedelta())
        at = max(at, pause.end)
    return at + left


def pauses_between(schedule: Schedule, start: datetime, end: datetime) -> list[Pause]:
    """The pauses that begin before `end` (the last one may reach past it)."""
    found = []
    for pause in pauses_from(schedule, start):
        if pause.start >= end:
            break
        found.append(pause)
    return found


def pause_at(schedule: Schedule, instant: datetime) -> Pause | None:
    """The pause the clock is in at `instant`, if it stands still then."""
    for pause in pauses_from(schedule, instant):
        return pause if pause.start <= instant else None
    return None

"""A player's slow-play settings and vacations: read, changed, and checked against the rules.

Every change that moves when a player's clocks run (time zone, playing hours, a vacation
started or ended) returns the schedule that held before it, so the caller re-times the
player's running clocks (app/slow_play/reclock.py): the time a turn already used stays counted
under the old schedule, and only what is left runs under the new one.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import lru_cache
from zoneinfo import available_timezones

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.errors import ApiError
from app.slow_play.clock_math import Schedule
from app.slow_play.models import ClockSettings, Vacation
from app.slow_play.schedules import schedules_of
from app.slow_play.schemas import (
    ClockSettingsPublic,
    ClockSettingsUpdate,
    PlayingHoursBody,
    VacationPublic,
)
from app.slow_play.vacation_days import days_used, first_year_over, years_of

MIN_HOURS_MINUTES = 4 * 60  # shorter playing hours would stretch a day's move over weeks


@lru_cache(maxsize=1)
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


async def settings_of(session: AsyncSession, player_id: str) -> ClockSettings:
    """The player's settings row (an unsaved default when they never set anything)."""
    row = await session.get(ClockSettings, player_id)
    return row or ClockSettings(player_id=player_id, time_zone="UTC")


async def schedule_of(session: AsyncSession, player_id: str, now: datetime) -> Schedule:
    return (await schedules_of(session, [player_id], now))[0]


async def update_settings(
    session: AsyncSession, player_id: str, body: ClockSettingsUpdate, now: datetime
) -> None:
    if body.time_zone not in _zones():
        raise ApiError(
            "clock/bad_time_zone",
            f"'{body.time_zone[:64]}' is not a time zone: use an IANA name such as Europe/Berlin.",
        )
    start, end = _minutes(body.playing_hours)
    row = await session.get(ClockSettings, player_id)
    if row is None:
        row = ClockSettings(player_id=player_id)
        session.add(row)
    row.time_zone, row.hours_start, row.hours_end, row.updated_at = body.time_zone, start, end, now


def _minutes(hours: PlayingHoursBody | None) -> tuple[int | None, int | None]:
    if hours is None:
        return None, None
    start, end = _clock_minutes(hours.start), _clock_minutes(hours.end)
    if (end - start) % 1440 < MIN_HOURS_MINUTES:
        raise ApiError(
            "clock/bad_hours",
            "Playing hours must span at least 4 hours a day (they may run past midnight).",
        )
    return start, end


def _clock_minutes(text: str) -> int:
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


async def start_vacation(
    session: AsyncSession, player_id: str, days: int, allowance: int, now: datetime
) -> None:
    if await _current(session, player_id, now) is not None:
        raise ApiError("vacation/active", "You are on vacation already: end it first.")
    settings = await settings_of(session, player_id)
    end = now + timedelta(days=days)
    booked = await _vacations_around(session, player_id, now, end, settings.time_zone)
    year = first_year_over(booked, now, end, allowance, settings.time_zone)
    if year is not None:
        left = max(0.0, allowance - days_used(booked, year, settings.time_zone))
        raise ApiError(
            "vacation/over_allowance",
            f"That is more than the vacation days you have left in {year} ({left:.1f} of "
            f"{allowance}).",
        )
    session.add(Vacation(player_id=player_id, starts_at=now, ends_at=end))


async def end_vacation(session: AsyncSession, player_id: str, now: datetime) -> None:
    """Back early: the vacation ends now, and the days it did not use are given back."""
    current = await _current(session, player_id, now)
    if current is None:
        raise ApiError("vacation/not_active", "You are not on vacation.")
    current.ends_at = now


async def _current(session: AsyncSession, player_id: str, now: datetime) -> Vacation | None:
    found = await session.scalars(
        select(Vacation).where(
            Vacation.player_id == player_id, Vacation.starts_at <= now, Vacation.ends_at > now
        )
    )
    return found.first()


async def _vacations_around(
    session: AsyncSession, player_id: str, start: datetime, end: datetime, time_zone: str
) -> list[tuple[datetime, datetime]]:
    """The player's vacations within the calendar years [start, end) touches (and a day to
    spare on each side: the years are the player's own)."""
    years = years_of(start, end, time_zone)
    since = datetime(years[0], 1, 1, tzinfo=start.tzinfo) - timedelta(days=1)
    until = datetime(years[-1] + 1, 1, 1, tzinfo=start.tzinfo) + timedelta(days=1)
    rows = await session.execute(
        select(Vacation.starts_at, Vacation.ends_at).where(
            Vacation.player_id == player_id, Vacation.ends_at > since, Vacation.starts_at < until
        )
    )
    return [(row.starts_at, row.ends_at) for row in rows]


async def settings_public(
    session: AsyncSession, player_id: str, allowance: int, now: datetime
) -> ClockSettingsPublic:
    settings = await settings_of(session, player_id)
    current = await _current(session, player_id, now)
    year = years_of(now, now, settings.time_zone)[0]
    booked = await _vacations_around(session, player_id, now, now, settings.time_zone)
    used = round(days_used(booked, year, settings.time_zone), 2)
    hours = None
    if settings.hours_start is not None and settings.hours_end is not None:
        hours = PlayingHoursBody(
            start=_clock_text(settings.hours_start), end=_clock_text(settings.hours_end)
        )
    return ClockSettingsPublic(
        time_zone=settings.time_zone,
        playing_hours=hours,
        vacation=VacationPublic(
            on_vacation=current is not None,
            until=current.ends_at if current else None,
            year=year,
            allowance_days=allowance,
            days_used=used,
            days_left=round(max(0.0, allowance - used), 2),
        ),
    )


def _clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"

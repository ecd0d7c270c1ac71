"""Each seated player's Schedule (time zone, playing hours, vacations), read for a slow match."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, time

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.slow_play.clock_math import ALWAYS, PlayingHours, Schedule
from app.slow_play.models import ClockSettings, Vacation


def hours_of(start: int | None, end: int | None) -> PlayingHours | None:
    if start is None or end is None:
        return None
    return PlayingHours(_clock_time(start), _clock_time(end))


def _clock_time(minutes: int) -> time:
    return time(minutes // 60, minutes % 60)


async def schedules_of(
    session: AsyncSession, player_ids: Sequence[str | None], since: datetime
) -> tuple[Schedule, ...]:
    """One Schedule per entry of `player_ids` (ALWAYS for None), with the vacations that end
    after `since` (the earliest moment a running clock of theirs may need)."""
    people = sorted({pid for pid in player_ids if pid is not None})
    if not people:
        return tuple(ALWAYS for _ in player_ids)
    settings = {
        row.player_id: row
        for row in await session.scalars(
            select(ClockSettings).where(ClockSettings.player_id.in_(people))
        )
    }
    vacations: dict[str, list[tuple[datetime, datetime]]] = {}
    rows = await session.execute(
        select(Vacation.player_id, Vacation.starts_at, Vacation.ends_at)
        .where(Vacation.player_id.in_(people), Vacation.ends_at > since)
        .order_by(Vacation.starts_at)
    )
    for player_id, starts_at, ends_at in rows:
        vacations.setdefault(player_id, []).append((starts_at, ends_at))
    return tuple(
        _schedule(settings.get(pid), vacations.get(pid, [])) if pid else ALWAYS
        for pid in player_ids
    )


def _schedule(
    settings: ClockSettings | None, vacations: list[tuple[datetime, datetime]]
) -> Schedule:
    if settings is None:
        return Schedule(vacations=tuple(vacations))
    return Schedule(
        time_zone=settings.time_zone,
        hours=hours_of(settings.hours_start, settings.hours_end),
        vacations=tuple(vacations),
    )

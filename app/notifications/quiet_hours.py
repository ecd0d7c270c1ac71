"""Quiet hours and local days: a player's own clock, in the time zone they chose (kept with
their slow-play settings, app/slow_play).

Quiet hours are two local times (minutes after midnight); a span whose start is after its end
runs over midnight (22:00-07:00). A push that falls in them is not sent, and not sent later
either: the daily digest lists what waits.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

MINUTES_PER_DAY = 24 * 60


def local(now: datetime, time_zone: str) -> datetime:
    return now.astimezone(ZoneInfo(time_zone))


def local_day(now: datetime, time_zone: str) -> date:
    return local(now, time_zone).date()


def is_quiet(now: datetime, time_zone: str, start: int | None, end: int | None) -> bool:
    """Whether `now` falls within the quiet hours [start, end) of that time zone."""
    if start is None or end is None or start == end:
        return False
    moment = local(now, time_zone)
    minute = moment.hour * 60 + moment.minute
    if start < end:
        return start <= minute < end
    return minute >= start or minute < end


def minutes_of(text: str) -> int:
    """ "HH:MM" -> minutes after midnight (the schema has checked the form)."""
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


def clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"

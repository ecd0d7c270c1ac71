"""How many vacation days a player has used in each calendar year, and whether a new one fits.

Days are counted exactly (a vacation ended after a day and a half used a day and a half), per
calendar year in the player's own time zone: a vacation across New Year counts its days before
midnight against the old year and the rest against the new one, each within its allowance.
Pure: the caller passes the vacations and the instant.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from app.slow_play.clock_math import zone

DAY = 86400.0


def _year_bounds(year: int, time_zone: str) -> tuple[datetime, datetime]:
    tz = zone(time_zone)
    return datetime(year, 1, 1, tzinfo=tz), datetime(year + 1, 1, 1, tzinfo=tz)


def days_used(vacations: Iterable[tuple[datetime, datetime]], year: int, time_zone: str) -> float:
    """Vacation days spent (or booked) within `year`, a fraction where a vacation ended early."""
    first, after = _year_bounds(year, time_zone)
    used = timedelta()
    for start, end in vacations:
        overlap = min(end, after) - max(start, first)
        used += max(overlap, timedelta())
    return used.total_seconds() / DAY


def years_of(start: datetime, end: datetime, time_zone: str) -> range:
    tz = zone(time_zone)
    return range(start.astimezone(tz).year, end.astimezone(tz).year + 1)


def first_year_over(
    booked: list[tuple[datetime, datetime]],
    start: datetime,
    end: datetime,
    allowance_days: int,
    time_zone: str,
) -> int | None:
    """The first calendar year a new vacation [start, end) would take over its allowance."""
    with_new = [*booked, (start, end)]
    for year in years_of(start, end, time_zone):
        # A millionth of a day of slack: the clock's microseconds never refuse a whole day.
        if days_used(with_new, year, time_zone) > allowance_days + 1e-6:
            return year
    return None

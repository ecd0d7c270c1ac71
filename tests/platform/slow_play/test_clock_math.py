"""The slow clock's arithmetic: playing hours in the player's zone (DST included), vacations,
the running time of a span and the instant a budget runs out, and vacation days per year."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from app.slow_play.clock_math import (
    ALWAYS,
    HOURS,
    VACATION,
    PlayingHours,
    Schedule,
    instant_after,
    pause_at,
    running_seconds,
)
from app.slow_play.vacation_days import days_used, first_year_over

HOUR = 3600
BERLIN_DAYTIME = Schedule("Europe/Berlin", PlayingHours(time(8), time(22)))


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def test_without_a_schedule_the_clock_always_runs() -> None:
    start = utc(2026, 12, 5, 10)
    assert running_seconds(ALWAYS, start, start + timedelta(days=3)) == 3 * 86400
    assert instant_after(ALWAYS, start, 86400) == start + timedelta(days=1)


def test_the_clock_runs_only_within_the_playing_hours_in_the_players_zone() -> None:
    # Berlin is UTC+1 in December: 08:00-22:00 local is 07:00-21:00 UTC.
    evening = utc(2026, 12, 5, 20)  # 21:00 in Berlin, an hour before the hours close
    next_evening = utc(2026, 12, 6, 20)
    assert running_seconds(BERLIN_DAYTIME, evening, next_evening) == 14 * HOUR
    # Three hours of running time from 21:00: one tonight, two from 08:00 tomorrow.
    assert instant_after(BERLIN_DAYTIME, evening, 3 * HOUR) == utc(2026, 12, 6, 9)
    stopped = pause_at(BERLIN_DAYTIME, utc(2026, 12, 5, 23))
    assert stopped is not None and stopped.reason == HOURS
    assert stopped.end == utc(2026, 12, 6, 7)  # 08:00 in Berlin
    assert pause_at(BERLIN_DAYTIME, utc(2026, 12, 6, 12)) is None


def test_hours_past_midnight() -> None:
    night_owl = Schedule("UTC", PlayingHours(time(20), time(2)))
    start = utc(2026, 12, 5, 12)
    assert running_seconds(night_owl, start, start + timedelta(days=1)) == 6 * HOUR
    assert instant_after(night_owl, start, 5 * HOUR) == utc(2026, 12, 6, 1)


def test_across_the_spring_dst_change_the_hours_follow_the_wall_clock() -> None:
    # Berlin moves from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026.
    before = pause_at(BERLIN_DAYTIME, utc(2026, 3, 28, 23))
    assert before is not None and before.end == utc(2026, 3, 29, 6)  # 08:00 CEST
    assert pause_at(BERLIN_DAYTIME, utc(2026, 3, 28, 7, 30)) is None  # 08:30 CET, open
    # Saturday 08:00 CET (07:00 UTC) to Sunday 08:00 CEST (06:00 UTC): 14 hours of play.
    assert running_seconds(BERLIN_DAYTIME, utc(2026, 3, 28, 7), utc(2026, 3, 29, 6)) == 14 * HOUR
    # A night window spanning the skipped hour holds one hour less of real time.
    small_hours = Schedule("Europe/Berlin", PlayingHours(time(0), time(6)))
    day = running_seconds(small_hours, utc(2026, 3, 28, 22), utc(2026, 3, 29, 22))
    assert day == 5 * HOUR


def test_across_the_autumn_dst_change() -> None:
    # Back from UTC+2 to UTC+1 at 01:00 UTC on 25 October 2026: the night has an extra hour.
    small_hours = Schedule("Europe/Berlin", PlayingHours(time(0), time(6)))
    assert running_seconds(small_hours, utc(2026, 10, 24, 21), utc(2026, 10, 25, 21)) == 7 * HOUR
    assert running_seconds(BERLIN_DAYTIME, utc(2026, 10, 24, 6), utc(2026, 10, 25, 7)) == 14 * HOUR


def test_a_vacation_stops_the_clock_and_wins_over_the_hours() -> None:
    start = utc(2026, 12, 5, 12)
    away = (utc(2026, 12, 6, 0), utc(2026, 12, 9, 0))
    schedule = Schedule(vacations=(away,))
    assert running_seconds(schedule, start, utc(2026, 12, 10, 12)) == 2 * 86400
    assert instant_after(schedule, start, 86400) == utc(2026, 12, 9, 12)
    both = Schedule("Europe/Berlin", BERLIN_DAYTIME.hours, (away,))
    paused = pause_at(both, utc(2026, 12, 7, 12))
    assert paused is not None and paused.reason == VACATION
    # The vacation ends at midnight UTC; the hours open at 07:00 UTC: stopped until then.
    assert paused.end == utc(2026, 12, 9, 7)


ZONES = st.sampled_from(["UTC", "Europe/Berlin", "America/New_York", "Australia/Sydney"])
CLOCK_TIMES = st.builds(time, st.integers(0, 23), st.sampled_from([0, 30]))
INSTANTS = st.datetimes(
    min_value=datetime(2026, 1, 1), max_value=datetime(2027, 12, 31), timezones=st.just(UTC)
)


@st.composite
def schedules(draw: st.DrawFn) -> Schedule:
    start = draw(CLOCK_TIMES)
    end = draw(CLOCK_TIMES.filter(lambda t: abs(t.hour - start.hour) >= 4))
    hours = draw(st.one_of(st.none(), st.just(PlayingHours(start, end))))
    begin = draw(INSTANTS)
    vacations = draw(
        st.lists(st.integers(1, 200 * HOUR), max_size=2).map(
            lambda spans: tuple(
                (begin + timedelta(hours=i * 300), begin + timedelta(hours=i * 300, seconds=s))
                for i, s in enumerate(spans)
            )
        )
    )
    return Schedule(draw(ZONES), hours, vacations)


@settings(max_examples=150, deadline=None)
@given(schedules(), INSTANTS, st.integers(0, 10 * 86400))
def test_the_instant_a_budget_runs_out_holds_exactly_that_running_time(
    schedule: Schedule, start: datetime, seconds: int
) -> None:
    end = instant_after(schedule, start, seconds)
    assert abs(running_seconds(schedule, start, end) - seconds) < 1e-3
    # Running time only grows, and never faster than the wall clock.
    assert end - start >= timedelta(seconds=seconds)


@settings(max_examples=150, deadline=None)
@given(schedules(), INSTANTS, st.integers(0, 5 * 86400), st.integers(0, 5 * 86400))
def test_running_time_adds_up_over_consecutive_spans(
    schedule: Schedule, start: datetime, first: int, second: int
) -> None:
    middle = start + timedelta(seconds=first)
    end = middle + timedelta(seconds=second)
    whole = running_seconds(schedule, start, end)
    parts = running_seconds(schedule, start, middle) + running_seconds(schedule, middle, end)
    assert abs(whole - parts) < 1e-3
    assert 0 <= whole <= first + second


def test_vacation_days_count_per_calendar_year_in_the_players_zone() -> None:
    # Ten days from 27 December: five in the old year, five in the new one (Berlin's years).
    start = datetime(2026, 12, 27, 0, tzinfo=UTC) - timedelta(hours=1)  # midnight in Berlin
    trip = [(start, start + timedelta(days=10))]
    assert days_used(trip, 2026, "Europe/Berlin") == 5
    assert days_used(trip, 2027, "Europe/Berlin") == 5
    # 17 days used in 2026 already: 5 more would take 2026 over its 21, 4 more just fit.
    earlier = [(utc(2026, 6, 1), utc(2026, 6, 18))]
    assert first_year_over(earlier, start, start + timedelta(days=10), 21, "Europe/Berlin") == 2026
    assert first_year_over(earlier, start, start + timedelta(days=4), 21, "Europe/Berlin") is None
    # The new year's days count against the new year's allowance only.
    assert first_year_over([], start, start + timedelta(days=10), 5, "Europe/Berlin") is None


def test_a_vacation_ended_early_counts_only_the_days_it_used() -> None:
    start = utc(2026, 5, 1)
    assert days_used([(start, start + timedelta(days=1, hours=12))], 2026, "UTC") == 1.5

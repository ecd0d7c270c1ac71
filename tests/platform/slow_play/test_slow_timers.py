"""A slow table's clocks under the manual clock: playing hours and vacations stop them, the
bank is drawn on after the move's time, and a spent clock takes the turn timer's usual path
(a timeout, and after FOXDEN_MISSED_TURNS a bot keeps the seat)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from app.core.clock import ManualClock
from tests.platform.helpers import act, envelope
from tests.platform.slow_play.helpers import HOUR, seat_clock, set_hours, start_slow_match, when
from tests.timing import app_on, run_clock

# Monday 7 December 2026, 20:30 UTC: 21:30 in Berlin, half an hour before Ada's hours close.
START = datetime(2026, 12, 7, 20, 30, tzinfo=UTC)
# Tables opened on a clock days ahead of the wall clock never go idle; the periodic work
# (recovery passes, presence beats) waits a month, so moving the clock by days takes few steps.
QUIET = {
    "bot_delay_ms": 0,
    "lobby_idle_hours": 24.0 * 365 * 10,
    "recovery_seconds": 30 * 86400.0,
    "presence_ttl_seconds": 30 * 86400.0,
}


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(start=START)


@pytest.fixture
async def served(
    clock: ManualClock, database_url: str, with_high_card: None
) -> AsyncIterator[tuple[Any, httpx.AsyncClient]]:
    async with app_on(clock, database_url, **QUIET) as served:
        yield served


async def test_time_outside_the_playing_hours_does_not_run_the_clock(
    served: tuple[Any, httpx.AsyncClient], clock: ManualClock
) -> None:
    app, client = served
    ada, bob, match_id = await start_slow_match(client, HOUR, 2 * HOUR)
    assert (await set_hours(client, ada, "Europe/Berlin", "08:00", "22:00")).status_code == 200
    seen = await envelope(client, match_id, ada)
    # 30 minutes tonight, then 2 h 30 min from 08:00 (07:00 UTC) tomorrow.
    assert when(seen["deadline"]) == datetime(2026, 12, 8, 9, 30, tzinfo=UTC)
    mine = seat_clock(seen, 0)
    assert mine["bank_left"] == 2 * HOUR and when(mine["turn_started"]) == START
    night = mine["pauses"][0]
    assert night["reason"] == "hours" and when(night["until"]) == datetime(
        2026, 12, 8, 7, tzinfo=UTC
    )
    # All night and past the wall-clock budget of 3 hours: no timeout.
    await run_clock(clock, 12 * HOUR, app)
    assert (await envelope(client, match_id, ada))["version"] == 0
    # Ada plays at 10:00 in Berlin: 2 h 30 min used, 1 h 30 min of it from her bank.
    await run_clock(clock, 30 * 60, app)
    seen = await envelope(client, match_id, ada)
    assert (await act(client, match_id, ada, seen["legal_actions"][0])).status_code == 200
    after = await envelope(client, match_id, bob)
    assert seat_clock(after, 0)["bank_left"] == 30 * 60
    assert seat_clock(after, 0)["turn_started"] is None
    # Bob set no hours: his clock runs at once, move and bank in full.
    assert when(after["deadline"]) == clock.now() + timedelta(seconds=3 * HOUR)


async def test_a_spent_clock_times_out_and_draws_the_whole_bank(
    served: tuple[Any, httpx.AsyncClient], clock: ManualClock
) -> None:
    app, client = served
    ada, _bob, match_id = await start_slow_match(client, HOUR, HOUR)
    await run_clock(clock, 2 * HOUR - 1, app)
    assert (await envelope(client, match_id, ada))["version"] == 0
    await run_clock(clock, 1, app)
    after = await envelope(client, match_id, ada)
    assert after["version"] == 1 and after["to_act"] == [1]
    assert seat_clock(after, 0)["bank_left"] == 0  # the timeout spent the bank
    log = (await client.get(f"/api/v1/matches/{match_id}/log", headers=ada.auth)).json()
    assert log["entries"][0]["actor"] == "timeout"


async def test_a_vacation_stops_the_clock_and_its_end_leads_to_the_bot_takeover(
    clock: ManualClock, database_url: str, with_high_card: None
) -> None:
    async with app_on(clock, database_url, **QUIET, missed_turns=1) as (app, http):
        ada, _bob, match_id = await start_slow_match(http, HOUR, HOUR)
        await run_clock(clock, HOUR, app)  # half of Ada's time gone
        away = await http.post("/api/v1/players/me/vacation", headers=ada.auth, json={"days": 2})
        assert away.status_code == 200, away.text
        assert away.json()["vacation"]["on_vacation"] is True
        seen = await envelope(http, match_id, ada)
        assert when(seen["deadline"]) == clock.now() + timedelta(days=2, hours=1)
        assert seat_clock(seen, 0)["pauses"][0]["reason"] == "vacation"
        await run_clock(clock, 2 * 86400 + HOUR - 1, app)
        assert (await envelope(http, match_id, ada))["version"] == 0
        await run_clock(clock, 1, app)
        after = await envelope(http, match_id, ada)
        # Timed out once, with FOXDEN_MISSED_TURNS=1: a bot keeps Ada's seat.
        assert after["version"] >= 1 and after["seats"][0]["away"] is True
        assert after["seats"][0]["bot"] is not None


async def test_ending_a_vacation_early_runs_the_clock_again_and_gives_days_back(
    served: tuple[Any, httpx.AsyncClient], clock: ManualClock
) -> None:
    app, client = served
    ada, _bob, match_id = await start_slow_match(client, HOUR, HOUR)
    await client.post("/api/v1/players/me/vacation", headers=ada.auth, json={"days": 5})
    await run_clock(clock, 36 * HOUR, app)
    back = await client.delete("/api/v1/players/me/vacation", headers=ada.auth)
    assert back.status_code == 200, back.text
    vacation = back.json()["vacation"]
    assert vacation["on_vacation"] is False and vacation["days_used"] == 1.5
    assert vacation["days_left"] == 19.5
    seen = await envelope(client, match_id, ada)
    assert when(seen["deadline"]) == clock.now() + timedelta(hours=2)
    await run_clock(clock, 2 * HOUR, app)
    assert (await envelope(client, match_id, ada))["version"] == 1  # timed out at last

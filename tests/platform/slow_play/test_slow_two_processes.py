"""A slow table served by two app instances on one Postgres and Redis (as two processes): a move
committed by one and a vacation started through it are what the other one shows at once."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from app.core.clock import ManualClock
from app.matches.store import match_for_push
from tests.platform.helpers import act, envelope
from tests.platform.slow_play.helpers import HOUR, seat_clock, start_slow_match, when
from tests.timing import HANG, app_on, run_clock

pytestmark = pytest.mark.parametrize("database_url", ["postgres"], indirect=True)


async def _caught_up(app: Any, match_id: str, version: int) -> None:
    """Until the process's copy of the match has heard of `version` (dropped or replayed)."""

    async def heard() -> None:
        while (cached := app.state.context.matches.get(match_id)) is not None and (
            cached.version < version
        ):
            await asyncio.sleep(0.005)

    await asyncio.wait_for(heard(), HANG)


async def test_the_other_process_shows_the_clocks_this_one_changed(
    database_url: str, redis_url: str, with_high_card: None
) -> None:
    clock = ManualClock()
    settings = {"redis_url": redis_url, "bot_delay_ms": 0}
    async with (
        app_on(clock, database_url, **settings) as (one, http_one),
        app_on(clock, database_url, **settings) as (two, http_two),
    ):
        ada, bob, match_id = await start_slow_match(http_one, HOUR, 2 * HOUR)
        assert (await envelope(http_two, match_id, bob))["version"] == 0  # cached in two
        await run_clock(clock, 90 * 60, one, two)
        seen = await envelope(http_one, match_id, ada)
        assert (await act(http_one, match_id, ada, seen["legal_actions"][0])).status_code == 200
        # What two's sockets are pushed: its copy once the move's message reached it (a copy
        # replayed from the message alone would still hold Ada's clock as it was).
        await _caught_up(two, match_id, 1)
        pushed = await match_for_push(two.state.context, match_id, 1)
        assert pushed.seats[0].bank_left == 90 * 60 and pushed.seats[0].waiting_since is None
        after = await envelope(http_two, match_id, bob)
        assert after["version"] == 1 and seat_clock(after, 0)["bank_left"] == 90 * 60
        away = await http_one.post(
            "/api/v1/players/me/vacation", headers=bob.auth, json={"days": 1}
        )
        assert away.status_code == 200, away.text
        paused = await envelope(http_two, match_id, bob)
        assert when(paused["deadline"]) == clock.now() + timedelta(days=1, hours=3)
        assert seat_clock(paused, 1)["pauses"][0]["reason"] == "vacation"

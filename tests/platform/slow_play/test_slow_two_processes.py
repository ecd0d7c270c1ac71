"""A slow table served by two app instances on one Postgres and Redis (as two processes): a move
committed by one and a vacation started through it are what the other one shows at once."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from app.core.clock import ManualClock
from app.matches.store import match_for_push
from app.realtime.messages import Version, match_topic
from tests.platform.helpers import act, envelope
from tests.platform.slow_play.helpers import HOUR, seat_clock, start_slow_match, when
from tests.timing import HANG, app_on, run_clock

pytestmark = pytest.mark.parametrize("database_url", ["postgres"], indirect=True)


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
        # A socket of two's watches the match: two hears its moves and keeps its copy current.
        with two.state.context.hub.listen(match_topic(match_id)) as watching:
            await watching.subscribed()
            played = await act(http_one, match_id, ada, seen["legal_actions"][0])
            assert played.status_code == 200
            assert Version(1) in await asyncio.wait_for(watching.messages(), HANG)
        # What two's sockets are pushed: a copy replayed from the move's message alone would
        # still hold Ada's clock as it was before her move.
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

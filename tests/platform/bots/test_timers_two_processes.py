"""Two app instances on one Postgres and Redis (as two processes would be), on one manual
clock: each deadline gives exactly one decision, each bot turn exactly one action, even
when both instances go for the same one at the same moment."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.clock import ManualClock
from tests.platform.helpers import new_player, start_match, start_timed_match
from tests.timing import app_on, run_clock

pytestmark = pytest.mark.parametrize("database_url", ["postgres"], indirect=True)


async def _version(app: Any, match_id: str) -> int:
    from app.matches.store import load_match

    context = app.state.context
    async with context.db.sessions() as session:
        return (await load_match(context, session, match_id)).version


async def test_each_deadline_acts_exactly_once_across_two_processes(
    database_url: str, redis_url: str, with_high_card: None
) -> None:
    clock = ManualClock()
    settings = {"redis_url": redis_url, "missed_turns": 100}
    async with app_on(clock, database_url, **settings) as (_app, http):
        _ada, _bob, match_id = await start_timed_match(http, 5)
    for decisions in range(1, 4):
        # Two fresh instances: each one's recovery sets an alarm for the running deadline,
        # so both ring for it at the same moment.
        async with (
            app_on(clock, database_url, **settings) as (one, _),
            app_on(clock, database_url, **settings) as (two, _),
        ):
            await run_clock(clock, 5, one, two)
            assert await _version(one, match_id) == decisions
    async with app_on(clock, database_url, **settings) as (_app, http):
        log = (await http.get(f"/api/v1/matches/{match_id}/log")).json()
    played = [e for e in log["entries"] if not e["private"] and "played" in e["text"]]
    assert [entry["actor"] for entry in played] == ["timeout"] * 3


async def test_a_bot_never_acts_twice_when_two_processes_play_it(
    database_url: str, redis_url: str, with_high_card: None
) -> None:
    clock = ManualClock()
    settings = {"redis_url": redis_url, "bot_delay_ms": 1000}
    async with app_on(clock, database_url, **settings) as (one, http):
        ada = await new_player(http, "Ada")
        match_id = await start_match(http, ada, [], bots={1: "random"})
        await http.post(f"/api/v1/matches/{match_id}/leave", headers=ada.auth)  # bots only
        # The second instance's recovery finds the bot turn the first is about to play.
        async with app_on(clock, database_url, **settings) as (two, http_two):
            assert one.state.automation.bots.playing(match_id)
            assert two.state.automation.bots.playing(match_id)
            for turn in range(1, 4):
                await run_clock(clock, 1, one, two)
                assert await _version(two, match_id) == turn
            log = (await http_two.get(f"/api/v1/matches/{match_id}/log")).json()
    played = [e for e in log["entries"] if not e["private"] and "played" in e["text"]]
    assert [entry["actor"] for entry in played] == ["bot"] * 3

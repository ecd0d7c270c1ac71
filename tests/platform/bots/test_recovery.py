"""Work a stopped process dropped is resumed; an idle process does no periodic work.

A process "crashes" by stopping with bot turns and deadlines still waiting on its clock;
another one starts on the same database.
"""

from __future__ import annotations

import math
from typing import Any

import httpx
import pytest
from sqlalchemy import insert, select

from app.accounts.tokens import new_id
from app.bots import recovery
from app.core.clock import ManualClock
from app.core.db import Base
from app.matches.models import Match, MatchSeat
from tests.platform.helpers import (
    Player,
    counting_statements,
    envelope,
    new_player,
    start_match,
    start_timed_match,
)
from tests.timing import app_on, run_clock

BOT_DELAY = {"bot_delay_ms": 1000}
MANY = 520  # more than a page of recovery, and than the old sweep's LIMIT 500


async def _left_to_bots(http: httpx.AsyncClient, host: Player) -> str:
    """A match where both seats are bots, the first bot still waiting for its turn."""
    match_id = await start_match(http, host, [], bots={1: "random"})
    left = await http.post(f"/api/v1/matches/{match_id}/leave", headers=host.auth)
    assert left.status_code == 200, left.text
    return match_id


async def _copies(app: Any, match_id: str, count: int) -> list[str]:
    """`count` more matches exactly like `match_id` (state, seats, markers), written straight
    to the database: opening hundreds of tables through the API would take minutes."""
    async with app.state.context.db.sessions() as session, session.begin():
        match = (
            (await session.execute(select(Match.__table__).where(Match.id == match_id)))
            .mappings()
            .one()
        )
        seats = (
            (
                await session.execute(
                    select(MatchSeat.__table__).where(MatchSeat.match_id == match_id)
                )
            )
            .mappings()
            .all()
        )
        ids = [new_id() for _ in range(count)]
        # Core inserts of plain rows: the tables as the metadata holds them (typed `Table`).
        matches, match_seats = (Base.metadata.tables[m.__tablename__] for m in (Match, MatchSeat))
        await session.execute(insert(matches), [{**match, "id": i} for i in ids])
        await session.execute(
            insert(match_seats), [{**seat, "match_id": i} for i in ids for seat in seats]
        )
    return ids


async def _versions(app: Any) -> dict[str, int]:
    async with app.state.context.db.sessions() as session:
        rows = await session.execute(select(Match.id, Match.version))
        return dict(rows.all())


async def test_every_waiting_bot_turn_resumes_after_a_restart(
    database_url: str, with_high_card: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hundreds of bot matches wait for their human, and dozens for their bot, when the
    process stops: after a restart every waiting bot acts once and no other match moves."""
    monkeypatch.setattr(recovery, "PAGE", 16)  # the 40 waiting bot turns span three pages
    crashed = ManualClock()
    async with app_on(crashed, database_url, **BOT_DELAY) as (app, http):
        ada = await new_player(http, "Ada")
        human_first = await start_match(http, ada, [], bots={1: "random"})
        idle = [human_first, *await _copies(app, human_first, MANY - 1)]
        bot_first = await _left_to_bots(http, ada)
        pending = [bot_first, *await _copies(app, bot_first, 39)]
    clock = ManualClock()
    async with app_on(clock, database_url, **BOT_DELAY) as (app, _http):
        await run_clock(clock, 0.999, app)
        assert set((await _versions(app)).values()) == {0}  # each bot still takes its time
        await run_clock(clock, 0.001, app)
        versions = await _versions(app)
    assert {versions[match_id] for match_id in pending} == {1}  # each acted once, none twice
    assert {versions[match_id] for match_id in idle} == {0}


async def test_a_running_deadline_fires_on_time_after_a_restart(
    database_url: str, with_high_card: None
) -> None:
    crashed = ManualClock()
    async with app_on(crashed, database_url) as (_app, http):
        ada, _bob, match_id = await start_timed_match(http, 30)
    clock = ManualClock(crashed.now())
    async with app_on(clock, database_url) as (app, http):
        await run_clock(clock, 29.9, app)
        assert (await envelope(http, match_id, ada))["version"] == 0
        await run_clock(clock, 0.1, app)
        seen = await envelope(http, match_id, ada)
    assert seen["version"] == 1 and seen["to_act"] == [1]


async def test_an_idle_process_with_many_bot_matches_does_no_periodic_work(
    database_url: str, with_high_card: None
) -> None:
    """Hundreds of matches wait for their human (a bot is seated in each, a turn timer runs
    in none): ten minutes pass with only the recovery backstop's three queries (overdue
    deadlines, stalled bot turns, rated results left uncounted)."""
    clock = ManualClock()
    async with app_on(clock, database_url, recovery_seconds=60) as (app, http):
        first = await start_match(http, await new_player(http, "Ada"), [], bots={1: "random"})
        await _copies(app, first, MANY - 1)
        await run_clock(clock, 1, app)
        with counting_statements(app) as statements:
            await run_clock(clock, 600, app)
        waiting = clock.waiting()
    looks = math.ceil(600 / 60)
    assert len(statements) <= 3 * looks, statements
    backstop = ("matches.bot_due", "matches.deadline <", "settled_matches")
    assert all(any(part in s for part in backstop) for s in statements), statements
    # What waits on the clock is the backstop, the presence heartbeat and the review worker's
    # look for reviews orphaned by a dead process (every 15 min): one each, not the matches.
    assert waiting <= 3


async def test_a_stale_bot_marker_is_cleared_by_recovery(
    database_url: str, with_high_card: None
) -> None:
    """The migration marks every active match with a bot as due; recovery corrects it."""
    clock = ManualClock()
    async with app_on(clock, database_url) as (app, http):
        ada = await new_player(http, "Ada")
        match_id = await start_match(http, ada, [], bots={1: "random"})
        async with app.state.context.db.sessions() as session, session.begin():
            row = await session.get(Match, match_id)
            assert row is not None and row.bot_due is False  # Ada opens
            row.bot_due = True
    async with app_on(ManualClock(clock.now()), database_url) as (app, http):
        async with app.state.context.db.sessions() as session:
            row = await session.get(Match, match_id)
        assert row is not None and row.bot_due is False
        assert (await envelope(http, match_id, ada))["version"] == 0


async def test_recovery_tries_again_when_the_database_is_away_at_start(
    database_url: str, with_high_card: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    crashed = ManualClock()
    async with app_on(crashed, database_url, **BOT_DELAY) as (_app, http):
        match_id = await _left_to_bots(http, await new_player(http, "Ada"))
    real_pass = recovery.Recovery.resume_all
    failures = iter([ConnectionError("the database is restarting")])

    async def flaky_pass(self: recovery.Recovery) -> None:
        failure = next(failures, None)
        if failure is not None:
            raise failure
        await real_pass(self)

    monkeypatch.setattr(recovery.Recovery, "resume_all", flaky_pass)
    clock = ManualClock()
    async with app_on(clock, database_url, recovery_seconds=30, **BOT_DELAY) as (app, _http):
        await run_clock(clock, 29, app)
        assert (await _versions(app))[match_id] == 0  # the first pass failed: nothing resumed
        await run_clock(clock, 2, app)  # the second pass at 30 s; the bot's delay ends at 31 s
        assert (await _versions(app))[match_id] == 1

"""Re-timing a player's running slow clocks after their schedule changed.

A vacation started or ended, new playing hours or a new time zone: in every slow match the
player sits at, their turn so far is counted under the schedule it ran under, the rest under
the new one, and the match's deadline moves. Each match's change is committed as a seat change
(its seat epoch moves on, so every process reads the seats and schedules again) and announced
on the commit hook: the turn timers set the new alarm, every socket is pushed the new clock.
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select

from app.core.statuses import MatchStatus
from app.matches.commits import Change, Commit
from app.matches.history import write_seats_in
from app.matches.models import Match, MatchSeat
from app.matches.pipeline_context import PipelineContext
from app.matches.service import next_deadline
from app.matches.slow_clocks import checkpointed, write_clocks
from app.matches.store import load_match
from app.slow_play.clock_math import Schedule
from app.slow_play.schedules import schedules_of


async def reclock(context: PipelineContext, player_id: str, before: Schedule) -> None:
    """Re-time every running slow match of the player (`before`: their schedule until now)."""
    for match_id in await _slow_matches(context, player_id):
        await _reclock_match(context, match_id, player_id, before)


async def _slow_matches(context: PipelineContext, player_id: str) -> list[str]:
    async with context.db.sessions() as session:
        rows = await session.scalars(
            select(Match.id)
            .join(MatchSeat, MatchSeat.match_id == Match.id)
            .where(
                MatchSeat.player_id == player_id,
                Match.status == MatchStatus.ACTIVE,
                Match.move_seconds.is_not(None),
            )
        )
        return list(rows)


async def _reclock_match(
    context: PipelineContext, match_id: str, player_id: str, before: Schedule
) -> None:
    now = context.clock.now()
    async with context.locks.hold(match_id), context.db.sessions() as session, session.begin():
        loaded = await load_match(context, session, match_id, for_update=True)
        seat = loaded.seat_of(player_id)
        if seat is None or loaded.status != MatchStatus.ACTIVE:
            return
        updated = checkpointed(loaded, seat, before, now)
        players = [info.player_id for info in loaded.seats]
        schedules = await schedules_of(session, players, updated.oldest_turn(now))
        updated = replace(updated, schedules=schedules, seat_epoch=loaded.seat_epoch + 1)
        updated = replace(updated, deadline=next_deadline(updated, now))
        await write_clocks(session, loaded, updated)
        await write_seats_in(session, updated)
        commit = Commit(updated, Change.SEATS, seat=seat, player_id=player_id)
        await context.commits.within_transaction(session, commit)
    context.matches.put(updated)
    await context.commits.announce(commit)

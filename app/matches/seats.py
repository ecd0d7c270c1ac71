"""Seats changing hands mid-match: a player leaves (a bot plays on) or comes back.

A seat change is not a move: the version stays, `seat_epoch` moves on so every cache reloads.
The commit hook's within listeners write the table's notice of it ("left the table...") in the
same transaction; then it is announced, and every socket is told.
"""

from __future__ import annotations

from app.accounts.service import Identity
from app.core.errors import ApiError
from app.core.statuses import MatchStatus
from app.matches.commits import Change, Commit, SeatChange
from app.matches.history import write_seats_in
from app.matches.loaded import LoadedMatch
from app.matches.pipeline_context import PipelineContext
from app.matches.service import timed
from app.matches.slow_clocks import write_clocks
from app.matches.stand_in import stand_in_strategy
from app.matches.store import change_seat, load_match


async def leave(context: PipelineContext, match_id: str, player: Identity) -> LoadedMatch:
    """The player walks away; their seat goes on as a bot and the table is told."""
    return await _change(context, match_id, player, leaving=True)


async def reclaim(context: PipelineContext, match_id: str, player: Identity) -> LoadedMatch:
    """The player takes their seat back from the bot that stood in for them."""
    return await _change(context, match_id, player, leaving=False)


async def _change(
    context: PipelineContext, match_id: str, player: Identity, leaving: bool
) -> LoadedMatch:
    async with context.locks.hold(match_id), context.db.sessions() as session, session.begin():
        loaded = await load_match(context, session, match_id, for_update=True)
        seat = loaded.seat_of(player.id)
        if seat is None:
            raise ApiError("action/not_seated", "You do not have a seat in this match.")
        if loaded.status != MatchStatus.ACTIVE:
            raise ApiError("match/finished", "This match is over.")
        if loaded.seats[seat].resigned and not leaving:
            raise ApiError("action/not_seated", "You resigned this match: your seat is the bot's.")
        if loaded.seats[seat].away == leaving:
            return loaded  # leaving twice, or reclaiming a seat never left, changes nothing
        bot = stand_in_strategy(loaded.game) if leaving else None
        updated = await change_seat(session, loaded, seat, bot=bot, away=leaving, missed_turns=0)
        timed_now = timed(updated, context.clock.now())
        await write_clocks(session, updated, timed_now)
        updated = timed_now
        await write_seats_in(session, updated)
        how = SeatChange.LEFT if leaving else SeatChange.BACK
        commit = Commit(updated, Change.SEATS, seat=seat, seat_change=how, player_id=player.id)
        await context.commits.within_transaction(session, commit)
    context.matches.put(updated)
    await context.commits.announce(commit)
    return updated

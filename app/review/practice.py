"""Play on from a decision against the bots: an unrated practice table from what a seat knew.

The table starts from a world the seat could not tell from the real one at that step: the
canonical member of its information set re-dealt by the engine's `determinize` with a fresh
seed. Every card it could not see is dealt anew, so the practice table shows none of the other
hands as they really were; the caller plays that seat and the game's `expert` bot every other,
named "Practice bot" so that the table says what it is.
The table is private, has no lobby (so it is never rated) and no turn timer; its first state is
stored (`MatchStart`) so that its replay and export start where it started.
"""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity
from app.accounts.tokens import new_id
from app.bots.strategies import PRACTICE_BOT
from app.core.errors import ApiError
from app.core.names import bot_name
from app.core.statuses import MatchStatus
from app.games import REVIEWS
from app.games.rng import new_seed
from app.matches import replay
from app.matches.commits import Change, Commit
from app.matches.export import ended_match
from app.matches.loaded import LoadedMatch, encode_state
from app.matches.models import Match, MatchSeat, MatchStart
from app.matches.store import load_match
from app.review.context import ReviewContext
from app.review.service import reviewable

NOT_A_DECISION = "At this step that seat had no choice to make: pick one of its decisions."


async def practice_table(
    context: ReviewContext,
    session: AsyncSession,
    match_id: str,
    player: Identity,
    seat: int,
    step: int,
) -> str:
    """The id of a new practice match from `seat`'s decision at `step` of a match that is over."""
    loaded = await reviewable(context, session, match_id, player, seat)
    ended = await ended_match(session, loaded)
    states = replay.CACHE.get(ended).states
    if not 0 <= step < len(states) or not _chooses(loaded, states[step], seat):
        raise ApiError("review/no_such_decision", NOT_A_DECISION)
    engine = loaded.engine
    known = REVIEWS[loaded.game].canonical(states[step], seat)
    world = engine.determinize(known, seat, random.Random(new_seed()))
    match = _practice_match(loaded, world, seat, player)
    session.add(match)
    await session.flush()  # the match row first: the start names it
    session.add(MatchStart(match_id=match.id, state=match.state))
    await session.commit()
    started = await load_match(context, session, match.id)
    await context.commits.announce(Commit(started, Change.START))
    return match.id


def _chooses(loaded: LoadedMatch, state: Any, seat: int) -> bool:
    engine = loaded.engine
    return seat in engine.to_act(state) and len(engine.legal_actions(state, seat)) > 1


def _practice_match(loaded: LoadedMatch, world: Any, seat: int, player: Identity) -> Match:
    engine = loaded.engine
    others = set(range(len(loaded.seats))) - {seat}
    return Match(
        id=new_id(),
        game=loaded.game,
        engine_version=engine.version,
        options=loaded.options,
        seed=new_seed(),  # unused: the stored start holds the world's own seed
        state=encode_state(engine, world),
        version=0,
        status=MatchStatus.ACTIVE,
        outcome=None,
        lobby_id=None,
        private=True,
        turn_seconds=None,
        deadline=None,
        bot_due=bool(others.intersection(engine.to_act(world))),
        seats=[
            MatchSeat(seat=s, player_id=player.id, bot=None, name=player.name)
            if s == seat
            else MatchSeat(seat=s, player_id=None, bot=PRACTICE_BOT, name=bot_name(PRACTICE_BOT, s))
            for s in range(len(loaded.seats))
        ],
    )

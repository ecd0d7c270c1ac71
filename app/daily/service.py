"""Playing the deal of the day: once per player, per game, per day.

A daily match is an ordinary unrated private match with no lobby and no turn timer: the player
in the deal's seat, the daily bot (app/daily/bot.py) in the others, dealt from the day's seed
with the day's options. The entry that ties the player to it is written in the same
transaction, so a match is a daily one exactly when its entry exists.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity
from app.accounts.tokens import new_id
from app.core.errors import ApiError
from app.core.names import bot_name
from app.core.statuses import MatchStatus
from app.daily.bot import DAILY_BOT
from app.daily.deals import day_of, deal_of, game_of
from app.daily.models import DailyDeal, DailyEntry
from app.games import Game
from app.matches.loaded import encode_state
from app.matches.models import Match, MatchSeat

ALREADY_PLAYED = "You have played today's deal of {title}: a new one is dealt at midnight UTC."


async def entry_of(
    session: AsyncSession, player_id: str, game_id: str, now: datetime
) -> DailyEntry | None:
    """The player's entry for today's deal of the game, if they started it."""
    found = await session.execute(
        select(DailyEntry).where(
            DailyEntry.day == day_of(now),
            DailyEntry.game == game_id,
            DailyEntry.player_id == player_id,
        )
    )
    return found.scalar_one_or_none()


async def daily_match(
    session: AsyncSession, player: Identity, game_id: str, now: datetime
) -> tuple[str, bool]:
    """The player's match of today's deal: (its id, whether it was made now). A match still
    being played is theirs to go back to; one that is over cannot be played again."""
    game = game_of(game_id)
    entry = await entry_of(session, player.id, game.id, now)
    if entry is not None:
        return await _back_to(session, entry, game), False
    deal = await deal_of(session, game, now)
    match = _dealt(game, deal, player, now)
    session.add(match)
    await session.flush()  # the match row first: the entry names it
    session.add(
        DailyEntry(
            day=deal.day,
            game=game.id,
            player_id=player.id,
            match_id=match.id,
            seat=game.daily.seat,
            started_at=now,
        )
    )
    return match.id, True


async def _back_to(session: AsyncSession, entry: DailyEntry, game: Game) -> str:
    status = await session.scalar(select(Match.status).where(Match.id == entry.match_id))
    if status != MatchStatus.ACTIVE:
        raise ApiError("daily/already_played", ALREADY_PLAYED.format(title=game.engine.title))
    return entry.match_id


def _dealt(game: Game, deal: DailyDeal, player: Identity, now: datetime) -> Match:
    engine, seat = game.engine, game.daily.seat
    state = engine.setup(deal.players, deal.options, deal.seed)
    bots = set(range(deal.players)) - {seat}
    return Match(
        id=new_id(),
        game=game.id,
        engine_version=engine.version,
        options=deal.options,
        seed=deal.seed,
        state=encode_state(engine, state),
        version=0,
        status=MatchStatus.ACTIVE,
        outcome=None,
        lobby_id=None,  # no lobby: never rated, never listed
        private=True,  # the deal's cards stay with those who play it
        turn_seconds=None,  # a daily deal is played at the player's pace
        deadline=None,
        bot_due=bool(bots.intersection(engine.to_act(state))),
        updated_at=now,
        seats=[
            MatchSeat(seat=s, player_id=player.id, bot=None, name=player.name)
            if s == seat
            else MatchSeat(seat=s, player_id=None, bot=DAILY_BOT, name=bot_name(DAILY_BOT, s))
            for s in range(deal.players)
        ],
    )

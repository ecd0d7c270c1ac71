"""The deal of the day: drawn once per game and UTC day, the first time anyone asks for it.

The seed is fresh entropy, kept like every match's seed (never sent), so nobody can work out a
day's cards in advance, not even from the source. The game's `of_the_day` (app/games/daily.py)
picks the day's options and mission from a generator seeded by it. Two processes asking at once
both insert; the database keeps the first row and the other reads it (INSERT .. ON CONFLICT DO
NOTHING on both SQLite and Postgres), so everyone gets the same deal.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.dml import Insert

from app.core.errors import ApiError
from app.daily.models import DailyDeal
from app.games import GAMES, Game
from app.games.rng import generator, new_seed

UNKNOWN_GAME = "There is no game with this id."


def day_of(now: datetime) -> date:
    """The deal's day: the UTC date, the same for every player wherever they live."""
    return now.astimezone(UTC).date()


def next_deal_at(day: date) -> datetime:
    return datetime.combine(day + timedelta(days=1), time(), tzinfo=UTC)


def game_of(game_id: str) -> Game:
    game = GAMES.get(game_id)
    if game is None:
        raise ApiError("game/not_found", UNKNOWN_GAME)
    return game


async def deal_of(session: AsyncSession, game: Game, now: datetime) -> DailyDeal:
    """Today's deal of the game, drawn now if nobody asked for it yet."""
    day = day_of(now)
    deal = await _read(session, game.id, day)
    if deal is not None:
        return deal
    await session.execute(_insert_once(session, _drawn(game, day, now)))
    drawn = await _read(session, game.id, day)
    assert drawn is not None  # just inserted, or inserted by whoever won the race
    return drawn


async def deal_if_drawn(session: AsyncSession, game_id: str, day: date) -> DailyDeal | None:
    return await _read(session, game_id, day)


async def _read(session: AsyncSession, game_id: str, day: date) -> DailyDeal | None:
    found = await session.execute(
        select(DailyDeal).where(DailyDeal.day == day, DailyDeal.game == game_id)
    )
    return found.scalar_one_or_none()


def _drawn(game: Game, day: date, now: datetime) -> dict[str, object]:
    seed = new_seed()
    table = game.daily.of_the_day(generator(seed, "daily", game.id))
    players = game.daily.players
    return {
        "day": day,
        "game": game.id,
        "seed": seed,
        "players": players,
        "options": game.engine.check_options(table.options, players),
        "mission": table.mission.key if table.mission is not None else None,
        "created_at": now,
    }


def _insert_once(session: AsyncSession, row: dict[str, object]) -> Insert:
    if session.get_bind().dialect.name == "postgresql":
        return postgresql.insert(DailyDeal).values(row).on_conflict_do_nothing()
    return sqlite.insert(DailyDeal).values(row).on_conflict_do_nothing()

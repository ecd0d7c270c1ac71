"""Turning a ready lobby into a match: seats, names, the seeded first state."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.tokens import new_id
from app.core.names import bot_name
from app.core.statuses import MatchStatus
from app.games.protocol import Engine
from app.games.rng import new_seed
from app.lobby.models import Lobby
from app.lobby.service import engine_for
from app.matches.loaded import encode_state
from app.matches.models import Match, MatchSeat
from app.slow_play.clock_math import instant_after
from app.slow_play.schedules import schedules_of


def first_deadline(engine: Engine[Any], state: Any, lobby: Lobby, now: datetime) -> datetime | None:
    """The timer starts at once if a human decides first."""
    if lobby.turn_seconds is None:
        return None
    if not _humans_first(engine, state, lobby):
        return None
    return now + timedelta(seconds=lobby.turn_seconds)


def _humans_first(engine: Engine[Any], state: Any, lobby: Lobby) -> set[int]:
    humans = {s.seat for s in lobby.seats if s.player_id is not None}
    return humans.intersection(engine.to_act(state))


async def _first_slow_deadline(
    session: AsyncSession, lobby: Lobby, first: set[int], now: datetime
) -> datetime | None:
    """A slow table's clocks start for the players who decide first, each on their schedule."""
    players = [s.player_id for s in lobby.seats if s.seat in first]
    budget = (lobby.move_seconds or 0) + (lobby.bank_seconds or 0)
    schedules = await schedules_of(session, players, now)
    return min((instant_after(schedule, now, budget) for schedule in schedules), default=None)


def bot_opens(engine: Engine[Any], state: Any, lobby: Lobby) -> bool:
    """Whether a bot acts first: saved as `bot_due`, so recovery finds it after a crash."""
    bots = {s.seat for s in lobby.seats if s.player_id is None}
    return bool(bots.intersection(engine.to_act(state)))


async def create_match(
    session: AsyncSession, lobby: Lobby, names: dict[str, str], now: datetime
) -> Match:
    engine = engine_for(lobby.game)
    seed = new_seed()
    state = engine.setup(len(lobby.seats), lobby.options, seed)
    slow = lobby.move_seconds is not None
    first = _humans_first(engine, state, lobby) if slow else set()
    match = Match(
        id=new_id(),
        game=lobby.game,
        engine_version=engine.version,
        options=lobby.options,
        seed=seed,
        state=encode_state(engine, state),
        version=0,
        status=MatchStatus.ACTIVE,
        outcome=None,
        lobby_id=lobby.id,
        private=lobby.private,
        turn_seconds=lobby.turn_seconds,
        move_seconds=lobby.move_seconds,
        bank_seconds=lobby.bank_seconds,
        deadline=await _first_slow_deadline(session, lobby, first, now)
        if slow
        else first_deadline(engine, state, lobby, now),
        bot_due=bot_opens(engine, state, lobby),
        updated_at=now,
        seats=[
            MatchSeat(
                seat=s.seat,
                player_id=s.player_id,
                bot=s.bot,
                name=names.get(s.player_id, "?")
                if s.player_id
                else bot_name(s.bot or "bot", s.seat),
                bank_left=lobby.bank_seconds if slow else None,
                waiting_since=now if s.seat in first else None,
            )
            for s in lobby.seats
        ],
    )
    session.add(match)
    return match

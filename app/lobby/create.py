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


def first_deadline(engine: Engine[Any], state: Any, lobby: Lobby, now: datetime) -> datetime | None:
    """The timer starts at once if a human decides first."""
    if lobby.turn_seconds is None:
        return None
    humans = {s.seat for s in lobby.seats if s.player_id is not None}
    if not humans.intersection(engine.to_act(state)):
        return None
    return now + timedelta(seconds=lobby.turn_seconds)


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
        deadline=first_deadline(engine, state, lobby, now),
        bot_due=bot_opens(engine, state, lobby),
        seats=[
            MatchSeat(
                seat=s.seat,
                player_id=s.player_id,
                bot=s.bot,
                name=names.get(s.player_id, "?")
                if s.player_id
                else bot_name(s.bot or "bot", s.seat),
            )
            for s in lobby.seats
        ],
    )
    session.add(match)
    return match

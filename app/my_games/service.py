"""My games: the matches I play (mine to act first), the open tables I sit at, what I finished.

Built from public facts only (seats, whose turn, deadlines, clocks, outcomes): nothing here
reads a view, so nothing hidden can be in it; the last move is the public log line the log
itself gives my seat (last_move.py). Whose turn it is comes from the engine's `to_act`, on
the cached match where this process has one.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account
from app.core.statuses import LobbyStatus, MatchStatus
from app.lobby.activity import has_status, idle_cutoff
from app.lobby.models import Lobby, LobbySeat
from app.matches.clock_schemas import TableClockPublic
from app.matches.loaded import LoadedMatch
from app.matches.models import Match, MatchSeat
from app.matches.slow_clocks import clock_json, is_slow, seat_deadline
from app.matches.store import load_match
from app.my_games.context import MyGamesContext
from app.my_games.last_move import last_move
from app.my_games.schemas import (
    MyGamesPublic,
    MyLobbyPublic,
    MyMatchPublic,
    OutcomeBriefPublic,
    SeatRefPublic,
)

OVER = (MatchStatus.FINISHED, MatchStatus.ABORTED)


async def my_games(
    context: MyGamesContext, session: AsyncSession, player_id: str, limit: int, offset: int
) -> MyGamesPublic:
    active = await _active(context, session, player_id)
    finished, total = await _finished(session, player_id, limit, offset)
    more = offset + len(finished) < total
    return MyGamesPublic(
        waiting=sum(1 for match in active if match.my_turn),
        active=active,
        lobbies=await _lobbies(context, session, player_id),
        finished=finished,
        finished_total=total,
        next_offset=offset + len(finished) if more else None,
    )


async def _active(
    context: MyGamesContext, session: AsyncSession, player_id: str
) -> list[MyMatchPublic]:
    rows = await session.execute(
        select(Match.id, Match.updated_at)
        .join(MatchSeat, MatchSeat.match_id == Match.id)
        .where(MatchSeat.player_id == player_id, Match.status == MatchStatus.ACTIVE)
    )
    matches = []
    for match_id, updated_at in rows.all():
        loaded = await load_match(context, session, match_id)
        seat = loaded.seat_of(player_id)
        if seat is not None and loaded.status == MatchStatus.ACTIVE:
            entry = _active_entry(loaded, seat, updated_at)
            entry.last_move = await last_move(session, loaded, seat)
            matches.append(entry)
    # Mine to act first, the nearest deadline first among them (the most urgent: a slow
    # table's is when my own clock runs out); then the latest change.
    matches.sort(key=lambda m: m.updated_at, reverse=True)
    matches.sort(key=lambda m: (not m.my_turn, _deadline_order(m)))
    return matches


def _deadline_order(match: MyMatchPublic) -> float:
    return match.deadline.timestamp() if match.deadline else float("inf")


def _active_entry(loaded: LoadedMatch, seat: int, updated_at: datetime) -> MyMatchPublic:
    return MyMatchPublic(
        id=loaded.id,
        game=loaded.game,
        status=loaded.status,
        version=loaded.version,
        seat=seat,
        seats=[
            SeatRefPublic(seat=s.seat, name=s.name, bot=s.bot, is_bot=s.is_bot)
            for s in loaded.seats
        ],
        my_turn=seat in loaded.humans_to_act(),
        to_act=list(loaded.engine.to_act(loaded.state)),
        deadline=_my_deadline(loaded, seat),
        away=loaded.seats[seat].away,
        clock=TableClockPublic.model_validate(clock) if (clock := clock_json(loaded)) else None,
        updated_at=updated_at,
    )


def _my_deadline(loaded: LoadedMatch, seat: int) -> datetime | None:
    if is_slow(loaded) and seat in loaded.humans_to_act():
        return seat_deadline(loaded, loaded.seats[seat])
    return loaded.deadline


async def _finished(
    session: AsyncSession, player_id: str, limit: int, offset: int
) -> tuple[list[MyMatchPublic], int]:
    mine = (MatchSeat.player_id == player_id) & Match.status.in_(OVER)
    total = await session.scalar(
        select(func.count()).select_from(Match).join(MatchSeat).where(mine)
    )
    rows = (
        await session.execute(
            select(
                Match.id,
                Match.game,
                Match.status,
                Match.version,
                Match.outcome,
                Match.updated_at,
                MatchSeat.seat,
            )
            .join(MatchSeat, MatchSeat.match_id == Match.id)
            .where(mine)
            .order_by(Match.updated_at.desc(), Match.id)
            .limit(limit)
            .offset(offset)
        )
    ).all()
    seats = await _seats_of(session, [row.id for row in rows])
    return [_finished_entry(row, seats.get(row.id, [])) for row in rows], int(total or 0)


async def _seats_of(session: AsyncSession, match_ids: list[str]) -> dict[str, list[SeatRefPublic]]:
    if not match_ids:
        return {}
    rows = await session.execute(
        select(MatchSeat.match_id, MatchSeat.seat, MatchSeat.name, MatchSeat.bot, Account.is_bot)
        .outerjoin(Account, Account.player_id == MatchSeat.player_id)
        .where(MatchSeat.match_id.in_(match_ids))
        .order_by(MatchSeat.match_id, MatchSeat.seat)
    )
    seats: dict[str, list[SeatRefPublic]] = {}
    for match_id, seat, name, bot, is_bot in rows:
        ref = SeatRefPublic(seat=seat, name=name, bot=bot, is_bot=bool(is_bot))
        seats.setdefault(match_id, []).append(ref)
    return seats


def _finished_entry(row: Any, seats: list[SeatRefPublic]) -> MyMatchPublic:
    outcome = _brief(row.outcome)
    return MyMatchPublic(
        id=row.id,
        game=row.game,
        status=row.status,
        version=row.version,
        seat=row.seat,
        seats=seats,
        my_turn=False,
        to_act=[],
        deadline=None,
        away=False,
        outcome=outcome,
        won=(row.seat in outcome.winners) if outcome else None,
        updated_at=row.updated_at,
    )


def _brief(outcome: dict[str, Any] | None) -> OutcomeBriefPublic | None:
    if not outcome:
        return None
    return OutcomeBriefPublic(
        winners=list(outcome.get("winners", [])),
        scores=list(outcome.get("scores", [])),
        reason=str(outcome.get("reason", "")),
    )


async def _lobbies(
    context: MyGamesContext, session: AsyncSession, player_id: str
) -> list[MyLobbyPublic]:
    cutoff = idle_cutoff(context.settings, context.clock.now())
    seated = select(LobbySeat.lobby_id).where(LobbySeat.player_id == player_id)
    lobbies = await session.scalars(
        select(Lobby)
        .where(Lobby.id.in_(seated), has_status(LobbyStatus.OPEN, cutoff))
        .order_by(Lobby.updated_at.desc(), Lobby.id)
    )
    return [_lobby_entry(lobby, player_id) for lobby in lobbies]


def _lobby_entry(lobby: Lobby, player_id: str) -> MyLobbyPublic:
    mine = next(seat for seat in lobby.seats if seat.player_id == player_id)
    return MyLobbyPublic(
        id=lobby.id,
        game=lobby.game,
        host=lobby.host_id == player_id,
        seats=len(lobby.seats),
        filled=sum(1 for seat in lobby.seats if seat.player_id or seat.bot),
        ready=mine.ready,
        private=lobby.private,
        updated_at=lobby.updated_at,
    )

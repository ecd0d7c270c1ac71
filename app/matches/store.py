"""Reading matches from the database into LoadedMatch, through the process cache."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import false, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account
from app.core.errors import ApiError
from app.games import get_engine
from app.matches.loaded import LoadedMatch, SeatInfo, decode_state
from app.matches.models import Match, MatchAction, MatchSeat
from app.matches.pipeline_context import PipelineContext
from app.slow_play.schedules import schedules_of

NOT_FOUND = "There is no match with this id."


async def load_seats(session: AsyncSession, match_id: str) -> tuple[SeatInfo, ...]:
    rows = await session.execute(
        select(
            MatchSeat.seat,
            MatchSeat.player_id,
            MatchSeat.bot,
            MatchSeat.name,
            MatchSeat.missed_turns,
            MatchSeat.away,
            MatchSeat.resigned,
            func.coalesce(Account.is_bot, false()),  # a guest has no account: a person
            MatchSeat.bank_left,
            MatchSeat.waiting_since,
            MatchSeat.turn_used,
        )
        .outerjoin(Account, Account.player_id == MatchSeat.player_id)
        .where(MatchSeat.match_id == match_id)
        .order_by(MatchSeat.seat)
    )
    return tuple(
        SeatInfo(
            *row[:6],
            resigned=bool(row[6]),
            is_bot=bool(row[7]),
            bank_left=row[8],
            waiting_since=row[9],
            turn_used=row[10] or 0,
        )
        for row in rows.all()
    )


async def load_match(
    context: PipelineContext,
    session: AsyncSession,
    match_id: str,
    version: int | None = None,
    for_update: bool = False,
) -> LoadedMatch:
    """The current match, from the cache when it is current.

    With `version` (a push for version n), a cached copy at least that new is trusted without
    asking the database, and an older one is replaced by one read of the row. Otherwise a small
    head query decides whether the cache is current. With `for_update` on Postgres the row
    stays locked until the transaction ends: the single-writer guarantee of the move pipeline.
    """
    cached = context.matches.get(match_id)
    if cached is not None and version is not None:
        if cached.version >= version:
            return cached
        return await _read(context, session, match_id, cached)
    query = select(Match.version, Match.status, Match.seat_epoch).where(Match.id == match_id)
    if for_update and not context.db.sqlite:
        query = query.with_for_update()
    head = (await session.execute(query)).first()
    if head is None:
        raise ApiError("match/not_found", NOT_FOUND)
    if cached is not None and (cached.version, cached.status, cached.seat_epoch) == tuple(head):
        return cached
    return await _read(context, session, match_id, cached)


async def match_for_push(
    context: PipelineContext, match_id: str, version: int | None
) -> LoadedMatch:
    """The match to push at `version`: this process's copy when it is that new (no session is
    opened at all), else one read."""
    cached = context.matches.get(match_id)
    if cached is not None and version is not None and cached.version >= version:
        return cached
    async with context.db.sessions() as session:
        return await load_match(context, session, match_id, version)


async def _read(
    context: PipelineContext, session: AsyncSession, match_id: str, cached: LoadedMatch | None
) -> LoadedMatch:
    """One query for the row; the seats only when they changed hands since the cached copy."""
    row = (await session.execute(select(*ROW).where(Match.id == match_id))).first()
    if row is None:
        raise ApiError("match/not_found", NOT_FOUND)
    refuse_other_engine_version(row.game, row.engine_version)
    same_seats = cached is not None and cached.seat_epoch == row.seat_epoch
    loaded = LoadedMatch(
        id=match_id,
        game=row.game,
        options=row.options,
        status=row.status,
        version=row.version,
        state=None,
        seats=cached.seats if same_seats and cached else await load_seats(session, match_id),
        outcome=row.outcome,
        deadline=row.deadline,
        private=row.private,
        turn_seconds=row.turn_seconds,
        seat_epoch=row.seat_epoch,
        move_seconds=row.move_seconds,
        bank_seconds=row.bank_seconds,
    )
    if loaded.move_seconds is not None:
        # With the vacations its clocks may still meet: those ending after the oldest running
        # turn began (none running: after the last change).
        players = [info.player_id for info in loaded.seats]
        since = loaded.oldest_turn(row.updated_at)
        loaded = replace(loaded, schedules=await schedules_of(session, players, since))
    state = decode_state(loaded.engine, row.state)
    if row.state_version < row.version:
        state = await _replayed_since(session, loaded, state, row.state_version)
    loaded = replace(loaded, state=state)
    context.matches.put(loaded)
    return loaded


async def _replayed_since(
    session: AsyncSession, loaded: LoadedMatch, state: Any, checkpoint: int
) -> Any:
    """The state at the match's version: the checkpoint's state and the moves since, replayed
    by the deterministic engine exactly as they were applied."""
    rows = await session.execute(
        select(MatchAction.seq, MatchAction.seat, MatchAction.action)
        .where(
            MatchAction.match_id == loaded.id,
            MatchAction.seq > checkpoint,
            # Moves committed since the row was read belong to a later version.
            MatchAction.seq <= loaded.version,
        )
        .order_by(MatchAction.seq)
    )
    engine = loaded.engine
    version = checkpoint
    for seq, seat, action in rows:
        if seq != version + 1:
            raise LookupError(f"match {loaded.id} has no history row {version + 1}")
        if seat is not None:  # an admin's abort changes nothing on the table
            state = engine.apply(state, seat, action).state
        version = seq
    if version != loaded.version:
        raise LookupError(f"match {loaded.id} has history up to {version} of {loaded.version}")
    return state


def refuse_other_engine_version(game: str, stored: int) -> None:
    """A state written by another engine version would be replayed by rules it was not played
    under: refuse it rather than guess (a deploy of that version serves it again)."""
    engine = get_engine(game)
    if engine is not None and engine.version != stored:
        raise ApiError(
            "match/engine_version",
            f"This match was played with version {stored} of the {engine.title} rules engine; "
            f"this server runs version {engine.version} and cannot continue it.",
        )


async def change_seat(
    session: AsyncSession, loaded: LoadedMatch, seat: int, **values: Any
) -> LoadedMatch:
    """Write new values of one seat (missed_turns, bot, away); a seat changing hands moves
    `seat_epoch` on, so every process reloads the seats."""
    info = loaded.seats[seat]
    changed = replace(info, **values)
    await session.execute(
        update(MatchSeat)
        .where(MatchSeat.match_id == loaded.id, MatchSeat.seat == seat)
        .values(**values)
    )
    seats = tuple(changed if s.seat == seat else s for s in loaded.seats)
    epoch = loaded.seat_epoch + (1 if changed.bot != info.bot else 0)
    return replace(loaded, seats=seats, seat_epoch=epoch)


ROW = (
    Match.game,
    Match.engine_version,
    Match.options,
    Match.status,
    Match.version,
    Match.state,
    Match.state_version,
    Match.outcome,
    Match.deadline,
    Match.private,
    Match.turn_seconds,
    Match.seat_epoch,
    Match.move_seconds,
    Match.bank_seconds,
    Match.updated_at,
)

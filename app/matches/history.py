"""The one writer of a match's history: a move, a seat change, a last step no seat made.

Each writes the match's head and (a move, a last step) its history row, together or not at all.

The hot path of the move pipeline. On Postgres it is one prepared statement (a data-modifying
CTE: the guarded UPDATE of the match and the INSERT of the history row) on a connection of
asyncpg's own pool (`open_move_pool`: no SQLAlchemy checkout per move), so a move costs one
round trip and commits on its own, and moves that arrive together share one round trip and one
commit (`postgres_group_commit.py`). The state itself goes with a checkpoint move only
(`Move.state`); the others write the history row and the match's head. On SQLite a file's
moves go to one writer thread that commits many at once (`sqlite_group_commit.py`).
Both are guarded by the version, the seat epoch and the status the move was decided on: if
another process moved the match on, nothing is written and the caller reads the match again.
"""

from __future__ import annotations

import asyncio

import asyncpg
from sqlalchemy import insert, make_url, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from app.core.db import Database, utcnow
from app.core.errors import ApiError
from app.core.statuses import MatchStatus
from app.matches.loaded import LoadedMatch, encode_state
from app.matches.models import Match, MatchAction
from app.matches.move import LastStep, Move, Written
from app.matches.postgres_group_commit import PostgresGroupCommit
from app.matches.sqlite_group_commit import GroupCommit

CLOSE_SECONDS = 5


def _sqlite_file(url: str) -> str:
    """Moves are written by a connection of their own, so the database must be a file (an
    in-memory SQLite database is a different one on every connection)."""
    path = make_url(url).database
    if not path or path == ":memory:":
        raise ValueError("FOXDEN_DATABASE_URL must name a SQLite file, not an in-memory database")
    return path


class MoveWriter:
    """Stores moves durably; COMMITTED means committed. One per process."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._group = GroupCommit(_sqlite_file(db.url)) if db.sqlite else None
        self._batches = PostgresGroupCommit(self._connections)
        self._pool: asyncpg.Pool | None = None  # opened at the first move (it needs the loop)
        self._opening = asyncio.Lock()

    async def write(self, move: Move) -> Written:
        if self._group is not None:
            return await self._group.write(move)
        return await self._batches.write(move)

    @property
    def transactions(self) -> int:
        """Postgres write transactions sent so far: fewer than moves when moves share one."""
        return self._batches.transactions

    async def _connections(self) -> asyncpg.Pool:
        if self._pool is None:
            async with self._opening:  # concurrent first moves open one pool, not several
                if self._pool is None:
                    self._pool = await self.db.open_move_pool()
        return self._pool

    async def close(self) -> None:
        if self._group is not None:
            await self._group.close()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            try:
                await asyncio.wait_for(pool.close(), CLOSE_SECONDS)
            except TimeoutError:  # a move stuck on a dead server: do not hold up the stop
                pool.terminate()


async def write_move_in(connection: AsyncConnection, move: Move) -> Written:
    """The two statements inside the caller's transaction (the slow path, whose move also
    changes seats). STALE leaves the transaction for the caller to roll back."""
    saved = await connection.execute(
        update(Match)
        .where(
            Match.id == move.match_id,
            Match.version == move.guard_version,
            Match.seat_epoch == move.guard_epoch,
            Match.status == MatchStatus.ACTIVE,
        )
        .values(
            **({} if move.state is None else {"state": move.state, "state_version": move.version}),
            version=move.version,
            status=move.status,
            outcome=move.outcome,
            deadline=move.deadline,
            seat_epoch=move.seat_epoch,
            bot_due=move.bot_due,
            updated_at=move.at,
        )
    )
    if saved.rowcount != 1:
        return Written.STALE
    await connection.execute(
        insert(MatchAction).values(
            match_id=move.match_id,
            seq=move.version,
            seat=move.seat,
            action=move.action,
            client_id=move.client_id,
            log=move.log,
            actor=move.actor,
            created_at=move.at,
        )
    )
    return Written.COMMITTED


async def write_seats_in(session: AsyncSession, updated: LoadedMatch) -> None:
    """A seat changed hands (its row is written by `store.change_seat`): the match's head
    moves its seat epoch on, so every process reloads the seats; the version stays."""
    await session.execute(
        update(Match)
        .where(Match.id == updated.id)
        .values(seat_epoch=updated.seat_epoch, deadline=updated.deadline, bot_due=updated.bot_due())
    )


async def write_last_step_in(session: AsyncSession, loaded: LoadedMatch, step: LastStep) -> None:
    """The match ends at a new version with a history row that has no seat (the engine never
    replays it) and a checkpoint of the state, so no replay ever meets the step."""
    if loaded.status != MatchStatus.ACTIVE:
        raise ApiError("match/finished", "This match is over.")
    saved = await session.execute(
        update(Match)
        .where(Match.id == loaded.id, Match.version == loaded.version)
        .values(
            status=step.status,
            outcome=step.outcome,
            version=loaded.version + 1,
            state=encode_state(loaded.engine, loaded.state),
            state_version=loaded.version + 1,
            deadline=None,
            bot_due=False,
            updated_at=utcnow(),
        )
    )
    if saved.rowcount != 1:  # type: ignore[attr-defined]
        raise ApiError("action/stale_version", "The match moved on meanwhile; try again.")
    await session.execute(
        insert(MatchAction).values(
            match_id=loaded.id,
            seq=loaded.version + 1,
            seat=None,
            action=step.action,
            client_id=None,
            log=[{"text": step.text, "audience": None, "data": step.data}],
            actor=step.actor,
            created_at=utcnow(),
        )
    )

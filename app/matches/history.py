"""Writing one committed move: the new state and its history row, together, or not at all.

The hot path of the move pipeline. On Postgres it is one prepared statement on the driver
connection (a data-modifying CTE: the guarded UPDATE of the match and the INSERT of the history
row), so a move costs one round trip and commits on its own. On SQLite the same two statements
run in one short transaction. Both are guarded by the version, the seat epoch and the status
the move was decided on: if another process moved the match on, nothing is written and the
caller reads the match again.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy import insert, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from app.db import Database
from app.matches.models import Match, MatchAction


class Written(enum.Enum):
    COMMITTED = "committed"
    STALE = "stale"  # the match moved on (another process, a seat change, an abort)
    DUPLICATE = "duplicate"  # this seat already used this client action id


@dataclass(frozen=True)
class Move:
    """One move as it is stored: the guard it was decided on and everything it changes."""

    match_id: str
    guard_version: int
    guard_epoch: int
    version: int
    state: str  # the engine's encoded state, compact JSON text
    status: str
    outcome: dict[str, Any] | None
    deadline: datetime | None
    seat_epoch: int
    seat: int
    action: Any
    client_id: str | None
    log: list[dict[str, Any]]
    actor: str
    at: datetime


PG_MOVE = """
WITH moved AS (
    UPDATE matches
    SET state = $1, version = $2, status = $3, outcome = $4::json, deadline = $5,
        seat_epoch = $6, updated_at = $7
    WHERE id = $8 AND version = $9 AND seat_epoch = $10 AND status = 'active'
    RETURNING id
)
INSERT INTO match_actions (match_id, seq, seat, action, client_id, log, actor, created_at)
SELECT id, $2, $11, $12::json, $13, $14::json, $15, $7 FROM moved
"""


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


async def write_move(db: Database, move: Move) -> Written:
    """Store `move` durably; COMMITTED means it is committed."""
    if db.sqlite:
        return await _write_sqlite(db, move)
    return await _write_postgres(db, move)


async def _write_postgres(db: Database, move: Move) -> Written:
    import asyncpg  # the driver of postgresql+asyncpg URLs

    async with db.engine.connect() as connection:
        driver = (await connection.get_raw_connection()).driver_connection
        try:
            # Outside any transaction block the statement commits on its own: one round trip.
            status = await driver.execute(  # type: ignore[union-attr]
                PG_MOVE,
                move.state,
                move.version,
                move.status,
                None if move.outcome is None else _json(move.outcome),
                move.deadline,
                move.seat_epoch,
                move.at,
                move.match_id,
                move.guard_version,
                move.guard_epoch,
                move.seat,
                _json(move.action),
                move.client_id,
                _json(move.log),
                move.actor,
            )
        except asyncpg.UniqueViolationError:
            return Written.DUPLICATE
    return Written.COMMITTED if status.endswith(" 1") else Written.STALE


async def _write_sqlite(db: Database, move: Move) -> Written:
    async with db.engine.connect() as connection:
        try:
            async with connection.begin():
                written = await write_move_in(connection, move)
        except IntegrityError:
            return Written.DUPLICATE
    return written


async def write_move_in(connection: AsyncConnection, move: Move) -> Written:
    """The two statements inside the caller's transaction (SQLite, and the slow path that also
    changes seats). STALE leaves the transaction for the caller to roll back."""
    saved = await connection.execute(
        update(Match)
        .where(
            Match.id == move.match_id,
            Match.version == move.guard_version,
            Match.seat_epoch == move.guard_epoch,
            Match.status == "active",
        )
        .values(
            state=move.state,
            version=move.version,
            status=move.status,
            outcome=move.outcome,
            deadline=move.deadline,
            seat_epoch=move.seat_epoch,
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

"""Postgres's move writer: the moves of many matches that arrive together share one commit.

Alone, a move is one statement that commits on its own: one round trip and one flush of the
write-ahead log. Moves that arrive while a write is on its way wait for it, then go together:
asyncpg's `executemany` sends their statements in one round trip as one implicit transaction,
so the batch costs one commit, and each move is answered only once that commit is done
(acknowledged still means committed).

In a batch a stale move must not pass silently (a row count is not told per statement there),
so the batch's statement turns it into an error: its history row would have no match. A stale
or duplicate move therefore rolls its whole batch back, and the batch is written again one move
at a time, each answered as it alone deserves. That is rare: a match's moves come from the
process that owns it, one after another.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
import orjson

from app.core.db import POOL_TIMEOUT_SECONDS
from app.core.statuses import MatchStatus
from app.matches.move import Move, Written

IN_FLIGHT = 1  # batches on their way at once: the next one gathers what arrives meanwhile
MOST = 64  # moves in one batch: a bound on one transaction's size and on a retry's work
_MOVED = f"""
WITH moved AS (
    UPDATE matches
    SET state = COALESCE($1::text, state),
        state_version = CASE WHEN $1::text IS NULL THEN state_version ELSE $2 END,
        version = $2, status = $3, outcome = $4::json, deadline = $5,
        seat_epoch = $6, updated_at = $7, bot_due = $16
    WHERE id = $8 AND version = $9 AND seat_epoch = $10 AND status = '{MatchStatus.ACTIVE}'
    RETURNING id
)
INSERT INTO match_actions (match_id, seq, seat, action, client_id, log, actor, created_at)
"""
# Alone: a stale move inserts no row, which its status line tells ("INSERT 0 0").
ONE_MOVE = _MOVED + "SELECT id, $2, $11, $12::json, $13, $14::json, $15, $7 FROM moved"
# In a batch: a stale move inserts a row without a match (NOT NULL fails the batch).
MOVE_IN_BATCH = (
    _MOVED + "VALUES ((SELECT id FROM moved), $2, $11, $12::json, $13, $14::json, $15, $7)"
)
REWRITTEN_ONE_BY_ONE = (asyncpg.NotNullViolationError, asyncpg.UniqueViolationError)

Pending = tuple[Move, "asyncio.Future[Written]"]


class PostgresGroupCommit:
    def __init__(self, connections: Callable[[], Awaitable[asyncpg.Pool]]) -> None:
        self._connections = connections  # the move pool, opened at the first move
        self._waiting: list[Pending] = []
        self._writing: set[asyncio.Task[None]] = set()
        self.transactions = 0  # sent, each a batch or a move alone: fewer than moves under load

    async def write(self, move: Move) -> Written:
        future: asyncio.Future[Written] = asyncio.get_running_loop().create_future()
        self._waiting.append((move, future))
        if len(self._writing) < IN_FLIGHT:
            self._send_next()
        return await future

    def _send_next(self) -> None:
        batch, self._waiting = self._waiting[:MOST], self._waiting[MOST:]
        task = asyncio.get_running_loop().create_task(self._send(batch))
        self._writing.add(task)
        task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task[None]) -> None:
        self._writing.discard(task)
        if self._waiting and len(self._writing) < IN_FLIGHT:
            self._send_next()

    async def _send(self, batch: list[Pending]) -> None:
        try:
            answers = await self._written(batch)
        except asyncio.CancelledError:
            for _move, future in batch:
                future.cancel()
            raise
        except Exception as error:  # each mover hears it, as it would have alone
            for _move, future in batch:
                if not future.done():
                    future.set_exception(_own_copy(error))
            return
        for (_move, future), answer in zip(batch, answers, strict=True):
            if not future.done():  # a mover that stopped waiting (its request was cancelled)
                future.set_result(answer)

    async def _written(self, batch: list[Pending]) -> list[Written]:
        pool = await self._connections()
        async with pool.acquire(timeout=POOL_TIMEOUT_SECONDS) as driver:
            self.transactions += 1
            try:
                if len(batch) == 1:
                    return [await _one(driver, batch[0][0])]
                try:
                    await driver.executemany(MOVE_IN_BATCH, [_arguments(m) for m, _ in batch])
                except REWRITTEN_ONE_BY_ONE:
                    return [await _one(driver, move) for move, _future in batch]
                return [Written.COMMITTED] * len(batch)
            except asyncpg.InternalClientError as broken:
                # A connection cut mid-statement (Postgres restarted) can come back from the
                # pool in a state no statement can run in (asyncpg issue #1069): close it, so
                # the pool opens a fresh one, and answer as for any lost connection: try again.
                driver.terminate()
                raise asyncpg.ConnectionDoesNotExistError(str(broken)) from broken


def _own_copy(error: Exception) -> Exception:
    """One exception object per waiting mover: raised in many tasks, a shared one would pile
    every task's traceback onto itself. The copy keeps the type and fields, and names the
    original as its cause."""
    try:
        mine = copy.copy(error)
    except Exception:  # an exception that cannot be rebuilt from its arguments: share it
        return error
    mine.__cause__ = error
    return mine


async def _one(driver: asyncpg.Connection, move: Move) -> Written:
    try:
        # Outside any transaction block the statement commits on its own: one round trip.
        status = await driver.execute(ONE_MOVE, *_arguments(move))
    except asyncpg.UniqueViolationError:
        return Written.DUPLICATE
    return Written.COMMITTED if status.endswith(" 1") else Written.STALE


def _arguments(move: Move) -> tuple[Any, ...]:
    return (
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
        move.bot_due,
    )


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()

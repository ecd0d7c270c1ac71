"""SQLite's move writer: one thread, one connection, many moves per commit.

SQLite has one writer at a time and each commit waits for the disk (`synchronous=FULL`, so an
acknowledged move survives an OS crash). Moves that arrive while a commit is on the disk wait
for the next one and share it: one thread hop and one disk flush for the whole batch, instead of
four thread hops and a flush per move through the async driver. Each move keeps its own guard:
a savepoint per move, so a stale or duplicate move is undone alone.
"""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import orjson

from app.core.statuses import MatchStatus
from app.matches.move import Move, Written

UPDATE = f"""
UPDATE matches SET state = COALESCE(:state, state),
    state_version = CASE WHEN :state IS NULL THEN state_version ELSE :version END,
    version = :version, status = :status, outcome = :outcome, deadline = :deadline,
    seat_epoch = :seat_epoch, updated_at = :at, bot_due = :bot_due
WHERE id = :id AND version = :guard_version AND seat_epoch = :guard_epoch
    AND status = '{MatchStatus.ACTIVE}'
"""
INSERT = """
INSERT INTO match_actions (match_id, seq, seat, action, client_id, log, actor, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""


def _when(value: datetime | None) -> str | None:
    """The text SQLAlchemy's DateTime stores on SQLite: naive UTC with microseconds."""
    if value is None:
        return None
    return value.astimezone(UTC).replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


class GroupCommit:
    def __init__(self, path: str) -> None:
        self._path = path
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-moves")
        self._connection: sqlite3.Connection | None = None
        self._waiting: list[tuple[Move, asyncio.Future[Written]]] = []
        self._flushing: asyncio.Task[None] | None = None

    async def write(self, move: Move) -> Written:
        future: asyncio.Future[Written] = asyncio.get_running_loop().create_future()
        self._waiting.append((move, future))
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                results = await loop.run_in_executor(
                    self._thread, self._commit, [m for m, _ in batch]
                )
            except Exception as error:  # the disk or the file failed: every move of it failed
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, future), result in zip(batch, results, strict=True):
                if not future.done():
                    future.set_result(result)

    def _commit(self, moves: list[Move]) -> list[Written]:
        """In the writer thread: one transaction, a savepoint per move."""
        connection = self._open()
        results = []
        connection.execute("BEGIN IMMEDIATE")
        try:
            for move in moves:
                connection.execute("SAVEPOINT move")
                try:
                    results.append(self._one(connection, move))
                except sqlite3.IntegrityError:
                    results.append(Written.DUPLICATE)
                if results[-1] is Written.COMMITTED:
                    connection.execute("RELEASE move")
                else:
                    connection.execute("ROLLBACK TO move")
                    connection.execute("RELEASE move")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        return results

    @staticmethod
    def _one(connection: sqlite3.Connection, move: Move) -> Written:
        at = _when(move.at)
        moved = connection.execute(
            UPDATE,
            {
                "state": move.state,
                "version": move.version,
                "status": move.status,
                "outcome": None if move.outcome is None else _json(move.outcome),
                "deadline": _when(move.deadline),
                "seat_epoch": move.seat_epoch,
                "at": at,
                "bot_due": move.bot_due,
                "id": move.match_id,
                "guard_version": move.guard_version,
                "guard_epoch": move.guard_epoch,
            },
        )
        if moved.rowcount != 1:
            return Written.STALE
        connection.execute(
            INSERT,
            (
                move.match_id,
                move.version,
                move.seat,
                _json(move.action),
                move.client_id,
                _json(move.log),
                move.actor,
                at,
            ),
        )
        return Written.COMMITTED

    def _open(self) -> sqlite3.Connection:
        if self._connection is None:
            # isolation_level=None: transactions are ours (BEGIN IMMEDIATE takes the write lock
            # at once rather than failing to upgrade a read lock later).
            connection = sqlite3.connect(self._path, isolation_level=None, timeout=30)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=FULL")
            connection.execute("PRAGMA foreign_keys=ON")
            self._connection = connection
        return self._connection

    async def close(self) -> None:
        if self._flushing is not None:
            await asyncio.gather(self._flushing, return_exceptions=True)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._close_connection)
        self._thread.shutdown(wait=True)

    def _close_connection(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

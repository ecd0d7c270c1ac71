"""The async database engine, sessions and the declarative base."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import asyncpg
from sqlalchemy import DateTime, Dialect, MetaData, event
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator

from app.core.db_budget import DEFAULT_CONNECTIONS, ConnectionBudget

# Stable constraint names so Alembic migrations are the same on SQLite and Postgres.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """Timestamps are UTC and timezone-aware on every database (SQLite stores them naive)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is not None:
            value = value.astimezone(UTC)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


# Bounds on waiting for Postgres, so an outage answers a retryable 503 instead of hanging:
# opening a connection, one statement, and waiting for a free pooled connection.
CONNECT_TIMEOUT_SECONDS = 5
COMMAND_TIMEOUT_SECONDS = 30
POOL_TIMEOUT_SECONDS = 10


def make_engine(url: str, budget: ConnectionBudget | None = None) -> AsyncEngine:
    """The engine; on Postgres its pool holds at most `budget.sessions` connections."""
    if is_sqlite(url):
        engine = create_async_engine(url, connect_args={"timeout": 30})
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    # No pre-ping: it costs a round trip on every checkout, i.e. on every move. Connections
    # are recycled instead; after a database restart the first failure invalidates the whole
    # pool, so one request answers 503 and the next ones reconnect.
    budget = budget or ConnectionBudget(DEFAULT_CONNECTIONS)
    return create_async_engine(
        url,
        pool_size=budget.kept,
        max_overflow=budget.peak,
        pool_recycle=1800,
        pool_timeout=POOL_TIMEOUT_SECONDS,
        connect_args={
            "timeout": CONNECT_TIMEOUT_SECONDS,
            "command_timeout": COMMAND_TIMEOUT_SECONDS,
        },
    )


async def open_move_pool(
    engine: AsyncEngine, size: int = ConnectionBudget(DEFAULT_CONNECTIONS).moves
) -> asyncpg.Pool:
    """asyncpg's own pool for the hot path of the move pipeline (`app/matches/history.py`),
    connected with exactly the engine's arguments and the same bounds on waiting, holding at
    most `size` connections (a Database opens it with its budget's move share).

    A checkout from SQLAlchemy's pool and the way back cost about 110 µs of CPU, more than the
    move's statement itself (measured: docs/performance.md, step 14). The move is one statement
    that commits on its own, so it leaves no transaction and no session state behind: nothing
    to reset when the connection goes back (asyncpg's default reset is a round trip per move).
    A connection lost with a restarted server is replaced at its next checkout.
    """
    _args, options = engine.dialect.create_connect_args(engine.url)
    return await asyncpg.create_pool(
        **options,
        min_size=1,
        max_size=size,
        timeout=CONNECT_TIMEOUT_SECONDS,
        command_timeout=COMMAND_TIMEOUT_SECONDS,
        reset=_nothing_to_reset,
    )


async def _nothing_to_reset(_connection: Any) -> None:
    """The writer's connections only run autocommitted statements: no state to clear."""


def _sqlite_pragmas(connection: object, _record: object) -> None:
    # WAL lets readers (sockets loading envelopes) run while a move commits.
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    # FULL syncs the WAL on every commit: an acknowledged action survives an OS crash or a
    # power cut, not only a crash of the process (NORMAL may lose the last commits).
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Database:
    """The engine and session factory of one app instance, within its connection budget."""

    def __init__(self, url: str, connections: int = DEFAULT_CONNECTIONS) -> None:
        self.url = url
        self.budget = ConnectionBudget(connections)
        self.engine = make_engine(url, self.budget)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    @property
    def sqlite(self) -> bool:
        return is_sqlite(self.url)

    async def session(self) -> AsyncIterator[AsyncSession]:
        async with self.sessions() as session:
            yield session

    async def open_move_pool(self) -> asyncpg.Pool:
        """The move writer's pool (Postgres), with the budget's move share."""
        return await open_move_pool(self.engine, self.budget.moves)

    async def dispose(self) -> None:
        await self.engine.dispose()

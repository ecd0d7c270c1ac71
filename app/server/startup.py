"""Setups that cannot work refuse to start, with a message saying what to set.

SQLite has one writer per file and the in-memory fan-out reaches only the sockets of its own
process: several workers on either would serve, and silently lose pushes or queue writes
across processes. `foxden serve --workers N` is checked before anything starts; a second
process on one SQLite file (started by hand, by a supervisor, or by uvicorn's own --workers)
is refused by a lock on the file that the first process holds while it serves; on Postgres, a
second process with the in-memory fan-out (or one with Redis beside it) is refused by an
advisory lock on the database, and processes that together could open more connections than
the server allows are refused before they start.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from app.core.config import Settings
from app.core.db import is_sqlite
from app.core.db_budget import FEWEST_CONNECTIONS

POSTGRES_HINT = "set FOXDEN_DATABASE_URL=postgresql+asyncpg://user:password@host/db"
REDIS_HINT = "set FOXDEN_REDIS_URL=redis://host:6379/0"


class StartupRefused(Exception):
    """This setup cannot work; the message says what to set instead."""


def check_workers(settings: Settings, workers: int) -> None:
    """Several workers need a database and a broker that all of them share."""
    if workers < 1:
        raise StartupRefused("--workers must be at least 1.")
    if workers == 1:
        return
    if is_sqlite(settings.database_url):
        raise StartupRefused(
            f"{workers} workers cannot share one SQLite database (one writer per file): "
            f"{POSTGRES_HINT} and {REDIS_HINT}, or serve with --workers 1."
        )
    if not settings.redis_url:
        raise StartupRefused(
            f"{workers} workers with the in-memory fan-out would not see each other's moves "
            f"(players would miss pushes): {REDIS_HINT}, or serve with --workers 1."
        )


# Connections left free beyond the server's own reserves: an operator's psql or pg_dump, the
# migration of a replica that is starting, a `foxden admin create`.
OPERATOR_CONNECTIONS = 5
SERVER_LIMITS = """
SELECT current_setting('max_connections')::int,
       current_setting('superuser_reserved_connections')::int
       + coalesce(current_setting('reserved_connections', true), '0')::int
"""  # reserved_connections exists from Postgres 16 on


@dataclass(frozen=True)
class ServerLimits:
    """The connections a Postgres server lets roles without special privileges open."""

    max_connections: int
    reserved: int  # for superusers, and for pg_use_reserved_connections (Postgres 16+)

    @property
    def for_foxden(self) -> int:
        return self.max_connections - self.reserved - OPERATOR_CONNECTIONS


def check_connections(settings: Settings, workers: int) -> None:
    """Every process that shares the database may open FOXDEN_DB_CONNECTIONS: together they must
    fit in what the server allows, or the one over would meet "too many clients" mid-game."""
    if is_sqlite(settings.database_url):
        return
    limits = asyncio.run(server_limits(postgres_dsn(settings.database_url)))
    processes = settings.db_processes or workers
    if limits is not None and processes * settings.db_connections > limits.for_foxden:
        raise StartupRefused(_too_many_connections(settings, processes, limits))


async def server_limits(dsn: str) -> ServerLimits | None:
    """None: the server is out of reach (the migration that runs next says why)."""
    import asyncpg

    try:
        connection = await asyncpg.connect(dsn, timeout=5)
    except (OSError, asyncpg.PostgresError, TimeoutError):
        return None
    try:
        most, reserved = await connection.fetchrow(SERVER_LIMITS)
    finally:
        await connection.close()
    return ServerLimits(most, reserved)


def _too_many_connections(settings: Settings, processes: int, limits: ServerLimits) -> str:
    each = settings.db_connections
    counted_by = "FOXDEN_DB_PROCESSES" if settings.db_processes else "--workers"
    fits = limits.for_foxden // processes
    instead = (
        f"Set FOXDEN_DB_CONNECTIONS={fits} or less"
        if fits >= FEWEST_CONNECTIONS
        else "Run fewer processes"
    )
    noun = "process" if processes == 1 else "processes"
    return (
        f"{processes} {noun} ({counted_by}) x {each} connections each (FOXDEN_DB_CONNECTIONS) = "
        f"{processes * each}, more than this Postgres allows: max_connections "
        f"{limits.max_connections} - {limits.reserved} reserved - {OPERATOR_CONNECTIONS} kept "
        f"for operators and migrations = {limits.for_foxden}. {instead}, or raise "
        "max_connections on the server (README, 'Sizing Postgres')."
    )


def postgres_dsn(url: str) -> str:
    """asyncpg's own form of the app's SQLAlchemy URL."""
    return url.replace("postgresql+asyncpg://", "postgresql://", 1)


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None: not SQLite, or an in-memory database)."""
    if not is_sqlite(url):
        return None
    database = make_url(url).database
    if not database or database == ":memory:":
        return None
    return Path(database).resolve()


class _FileOwners:
    """The SQLite files this process serves. Apps of one process (tests build several) share
    one lock per file; another process asking for it is refused."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._held: dict[Path, tuple[int, int]] = {}  # file -> (descriptor, users)

    def take(self, path: Path) -> None:
        with self._guard:
            if path in self._held:
                descriptor, users = self._held[path]
                self._held[path] = (descriptor, users + 1)
                return
            descriptor = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                # The kernel drops the lock when the holder dies, even by SIGKILL.
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(descriptor)
                raise StartupRefused(
                    f"Another Foxden process already serves the SQLite file {path}: SQLite "
                    f"takes one process. For several, {POSTGRES_HINT} and {REDIS_HINT}."
                ) from None
            self._held[path] = (descriptor, 1)

    def give_back(self, path: Path) -> None:
        with self._guard:
            descriptor, users = self._held[path]
            if users > 1:
                self._held[path] = (descriptor, users - 1)
                return
            del self._held[path]
            os.close(descriptor)  # closing the descriptor releases the lock


_OWNERS = _FileOwners()


@contextmanager
def sole_sqlite_process(settings: Settings) -> Iterator[None]:
    """Hold the database's SQLite file for this process while the app runs."""
    path = sqlite_file(settings.database_url)
    if path is None:
        yield
        return
    _OWNERS.take(path)
    try:
        yield
    finally:
        _OWNERS.give_back(path)


# Postgres: processes that share a database must share a broker too. Every process holds an
# advisory lock on the database while it serves: shared with Redis (any number of them see
# each other's moves), exclusive with the in-memory fan-out (it reaches its own sockets only),
# so a second process, or a process with the other kind of fan-out, is refused at start.
FANOUT_LOCK = 0x466F7864656E01  # "Foxden" 1 (the migrations take "Foxden" itself)
# A process killed a moment ago may still hold it until Postgres notices the closed connection.
TAKE_TRIES, TAKE_PAUSE = 10, 0.5


class _AdvisoryLock:
    """One connection, on a thread and event loop of its own (the apps of one process may run
    on several loops), that holds the fan-out lock for this process."""

    def __init__(self, dsn: str, shared: bool) -> None:
        self.dsn = dsn
        self.shared = shared
        self._connection: Any = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="foxden-fanout-lock", daemon=True
        )
        self._thread.start()

    def take(self) -> bool | None:
        """True: held. False: another process holds it the other way. None: the database is
        out of reach (the app starts anyway, and retries its own work; nothing to check)."""
        return asyncio.run_coroutine_threadsafe(self._take(), self._loop).result()

    async def _take(self) -> bool | None:
        import asyncpg

        try:
            self._connection = await asyncpg.connect(self.dsn, timeout=5)
        except (OSError, asyncpg.PostgresError, TimeoutError):
            return None
        function = "pg_try_advisory_lock_shared" if self.shared else "pg_try_advisory_lock"
        for _ in range(TAKE_TRIES):
            if await self._connection.fetchval(f"SELECT {function}($1)", FANOUT_LOCK):
                return True
            await asyncio.sleep(TAKE_PAUSE)
        return False

    def close(self) -> None:
        async def disconnect() -> None:
            if self._connection is not None:
                with contextlib.suppress(Exception):  # closing the connection releases it
                    await self._connection.close(timeout=5)

        asyncio.run_coroutine_threadsafe(disconnect(), self._loop).result()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


class _FanoutOwners:
    """The Postgres databases this process serves, each under one lock for all its apps."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._held: dict[str, tuple[_AdvisoryLock | None, int]] = {}

    def take(self, dsn: str, shared: bool) -> None:
        with self._guard:
            if dsn in self._held:
                lock, users = self._held[dsn]
                self._held[dsn] = (lock, users + 1)
                return
            lock = _AdvisoryLock(dsn, shared)
            taken = lock.take()
            if taken is False:
                lock.close()
                raise StartupRefused(_fanout_refusal(shared))
            if taken is None:
                lock.close()
                lock = None
            self._held[dsn] = (lock, 1)

    def give_back(self, dsn: str) -> None:
        with self._guard:
            lock, users = self._held[dsn]
            if users > 1:
                self._held[dsn] = (lock, users - 1)
                return
            del self._held[dsn]
        if lock is not None:
            lock.close()


def _fanout_refusal(shared: bool) -> str:
    if shared:
        return (
            "A Foxden process with the in-memory fan-out already serves this Postgres "
            "database: it would not see this process's moves. Give every process "
            "the same FOXDEN_REDIS_URL."
        )
    return (
        "Another Foxden process already serves this Postgres database: with the in-memory "
        f"fan-out neither would see the other's moves (players would miss pushes). {REDIS_HINT} "
        "on every process."
    )


_FANOUT = _FanoutOwners()


@contextmanager
def shared_database_fanout(settings: Settings) -> Iterator[None]:
    """Hold the Postgres database's fan-out lock for this process while the app runs."""
    if is_sqlite(settings.database_url):
        yield
        return
    dsn = postgres_dsn(settings.database_url)
    _FANOUT.take(dsn, shared=bool(settings.redis_url))
    try:
        yield
    finally:
        _FANOUT.give_back(dsn)

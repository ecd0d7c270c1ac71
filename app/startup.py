"""Setups that cannot work refuse to start, with a message saying what to set.

SQLite has one writer per file and the in-memory fan-out reaches only the sockets of its own
process: several workers on either would serve, and silently lose pushes or queue writes
across processes. `foxden serve --workers N` is checked before anything starts; a second
process on one SQLite file (started by hand, by a supervisor, or by uvicorn's own --workers)
is refused by a lock on the file that the first process holds while it serves.
"""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

from app.config import Settings
from app.db import is_sqlite

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

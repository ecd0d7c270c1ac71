"""One asyncio lock per match in this process.

On SQLite this is the single-writer guarantee (with the version check in the UPDATE); on
Postgres the row lock is, and this lock only saves two requests of one process from queueing
on the same row inside the database.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class MatchLocks:
    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: dict[str, int] = {}

    @asynccontextmanager
    async def hold(self, match_id: str) -> AsyncIterator[None]:
        lock = self._locks.setdefault(match_id, asyncio.Lock())
        self._users[match_id] = self._users.get(match_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._users[match_id] -= 1
            if not self._users[match_id]:  # nobody waits: forget it, the dict stays small
                del self._users[match_id]
                del self._locks[match_id]

    @asynccontextmanager
    async def sqlite_writer(self, sqlite: bool) -> AsyncIterator[None]:
        """SQLite has one writer at a time: queue writers here rather than in SQLite's busy
        handler, whose sleeps showed up as second-long stalls under load. A no-op elsewhere."""
        if not sqlite:
            yield
            return
        async with self.hold("sqlite:writer"):
            yield

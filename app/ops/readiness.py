"""Is this process ready for traffic? The database and the broker both answer.

A load balancer asks often, every replica, every few seconds, and sometimes many probes at once.
Probes that arrive while a check runs wait for that one check. A "down" verdict is kept for a
second: during an outage each check may wait its full timeout and open connections that fail,
which is the expensive case. An "up" verdict is not kept: its check is a `SELECT 1` and a PING
on pooled connections, and the first probe after a service dies must say so at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from dataclasses import dataclass

from sqlalchemy import text

from app.ops.context import OpsContext

# A service that does not reply within this bound counts as down (a stopped Redis or a hung
# Postgres would otherwise hang the probe); docs/api.md promises an answer within about 2 s.
CHECK_SECONDS = 2.0
CACHE_SECONDS = 1.0


@dataclass(frozen=True)
class Verdict:
    database: bool
    broker: bool

    @property
    def ready(self) -> bool:
        return self.database and self.broker


class Readiness:
    def __init__(self, context: OpsContext) -> None:
        self.context = context
        self._checked_at = float("-inf")
        self._verdict: Verdict | None = None
        self._running: asyncio.Task[Verdict] | None = None

    async def verdict(self) -> Verdict:
        now = self.context.clock.monotonic()
        verdict = self._verdict
        if verdict is not None and not verdict.ready and now - self._checked_at < CACHE_SECONDS:
            return verdict
        if self._running is None or self._running.done():
            self._running = asyncio.create_task(self._check())
        # shield: a probe that gives up must not cancel the check the others wait for.
        return await asyncio.shield(self._running)

    async def _check(self) -> Verdict:
        database, broker = await asyncio.gather(
            _answers(self._database_ok()), _answers(self.context.broker.ping())
        )
        self._verdict = Verdict(database=database, broker=broker)
        self._checked_at = self.context.clock.monotonic()
        return self._verdict

    async def _database_ok(self) -> bool:
        async with self.context.db.engine.connect() as connection:
            await connection.execute(text("SELECT 1"))
        return True


async def _answers(check: Awaitable[bool]) -> bool:
    try:
        return await asyncio.wait_for(check, CHECK_SECONDS)
    except Exception:  # refused, dropped or too slow: not ready either way
        return False

"""Turn timers: when a deadline passes, the stand-in bot decides for each waiting player.

Every process sweeps for expired deadlines; the version check lets exactly one of them commit
each timed-out decision. The action is logged with the actor "timeout", and after
FOXDEN_MISSED_TURNS in a row a bot takes the seat until its player reclaims it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from sqlalchemy import select

from app.bots.runner import RETRYABLE, choose
from app.bots.strategies import stand_in_strategy
from app.db import utcnow
from app.errors import ApiError
from app.matches.models import Match
from app.matches.service import Actor, act
from app.matches.store import load_match

if TYPE_CHECKING:
    from app.context import AppContext

log = logging.getLogger(__name__)


class TimerSweeper:
    def __init__(self, context: AppContext) -> None:
        self.context = context
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._sweep_forever())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.context.settings.timer_sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.warning("timer sweep failed", exc_info=True)

    async def sweep(self) -> None:
        async with self.context.db.sessions() as session:
            expired = (
                await session.scalars(
                    select(Match.id)
                    .where(Match.status == "active", Match.deadline < utcnow())
                    .limit(100)
                )
            ).all()
        for match_id in expired:
            await self.expire(match_id)

    async def expire(self, match_id: str) -> None:
        """Decide for every player the expired deadline was running for."""
        async with self.context.db.sessions() as session:
            loaded = await load_match(self.context, session, match_id)
        if loaded.deadline is None or loaded.deadline > utcnow():
            return  # someone acted (or another process timed it out) meanwhile
        for seat in loaded.humans_to_act():
            async with self.context.db.sessions() as session:
                current = await load_match(self.context, session, match_id)
            if seat not in current.humans_to_act():
                continue
            action = choose(current, seat, stand_in_strategy(current.game))
            try:
                await act(
                    self.context, match_id, Actor("timeout", seat=seat), action, current.version
                )
            except ApiError as refusal:
                if refusal.code in RETRYABLE:
                    return  # another process got there first
                raise

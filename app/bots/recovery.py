"""Work another process dropped (it crashed, or this one restarted): found and resumed.

On start, one paged pass resumes EVERY pending bot turn, sets an alarm for EVERY running
deadline and counts every rated match a crash left uncounted. Afterwards a rare backstop
(every FOXDEN_RECOVERY_SECONDS) asks the same cheap indexed questions: which deadlines are
long overdue, which bot turns stood still since the last look, which rated results are still
uncounted (the final move committed, then the database or the process failed). Nothing else
polls: live work is driven by commits and the clock.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import ColumnElement, select, update

from app.bots.runner import BotRunner
from app.bots.timers import TurnTimers
from app.bots.workers import Workers
from app.core.statuses import MatchStatus
from app.matches.models import Match
from app.matches.store import load_match

if TYPE_CHECKING:
    from app.bots.context import BotsContext

log = logging.getLogger(__name__)
PAGE = 500
# A deadline this far past is one whose process dropped it (a live one rings on time).
DROPPED_AFTER = timedelta(seconds=10)


class Recovery:
    def __init__(
        self,
        context: BotsContext,
        bots: BotRunner,
        timers: TurnTimers,
        workers: Workers,
        settle_pending: Callable[[], Awaitable[int]],
    ) -> None:
        self.context = context
        self.bots = bots
        self.timers = timers
        self.workers = workers
        # Settling is the ratings' work (app/ratings/settle.py): the process hands in their
        # catch-up, so this layer needs neither ratings nor the context that settling takes.
        self.settle_pending = settle_pending
        # Bot-due matches at the last look, with their version: unchanged at the next look
        # means nobody is playing them.
        self._last_seen: dict[str, int] = {}

    async def run(self) -> None:
        while not await self._attempt(self.resume_all()):
            await self.context.clock.sleep(self.context.settings.recovery_seconds)
        while True:
            await self.context.clock.sleep(self.context.settings.recovery_seconds)
            await self._attempt(self.backstop())

    async def _attempt(self, look: Coroutine[Any, Any, None]) -> bool:
        try:
            with self.context.metrics.recovery_seconds.time():
                await look
        except Exception:  # the database may be briefly away: look again a little later
            log.warning("recovery failed; trying again later", exc_info=True)
            return False
        return True

    async def resume_all(self) -> None:
        async for match_id, _version in self._rows(Match.version, Match.bot_due.is_(True)):
            await self._resume_bots(match_id)
        async for match_id, deadline in self._rows(Match.deadline, Match.deadline.is_not(None)):
            self.timers.schedule(match_id, deadline)
        await self.settle_pending()

    async def backstop(self) -> None:
        overdue = Match.deadline < self.context.clock.now() - DROPPED_AFTER
        async for match_id, deadline in self._rows(Match.deadline, overdue):
            self.timers.schedule(match_id, deadline)
        seen: dict[str, int] = {}
        async for match_id, version in self._rows(Match.version, Match.bot_due.is_(True)):
            seen[match_id] = version
            if self._last_seen.get(match_id) == version and not self.bots.playing(match_id):
                await self._resume_bots(match_id)
        self._last_seen = seen
        await self.settle_pending()

    async def _resume_bots(self, match_id: str) -> None:
        """Wake the runner if a bot is to act; otherwise the marker is stale: clear it."""
        async with self.workers.slots:
            async with self.context.db.sessions() as session:
                loaded = await load_match(self.context, session, match_id)
            if loaded.bots_to_act():
                self.bots.wake(match_id, loaded.version)
            else:
                await self._clear_marker(match_id, loaded.version)

    async def _clear_marker(self, match_id: str, version: int) -> None:
        async with (
            self.context.locks.sqlite_writer(self.context.db.sqlite),
            self.context.db.sessions() as session,
            session.begin(),
        ):
            await session.execute(
                update(Match)
                .where(Match.id == match_id, Match.version == version)
                .values(bot_due=False)
            )

    async def _rows(
        self, column: Any, condition: ColumnElement[bool]
    ) -> AsyncIterator[tuple[str, Any]]:
        """(id, column) of every active match meeting `condition`, a page at a time, so no
        LIMIT ever leaves work behind and no query holds a huge result."""
        after = ""
        while True:
            async with self.context.db.sessions() as session:
                page = (
                    await session.execute(
                        select(Match.id, column)
                        .where(Match.status == MatchStatus.ACTIVE, condition, Match.id > after)
                        .order_by(Match.id)
                        .limit(PAGE)
                    )
                ).all()
            for match_id, value in page:
                yield match_id, value
            if len(page) < PAGE:
                return
            after = page[-1][0]

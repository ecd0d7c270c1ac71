"""The bot and timer layer of one process: it listens to commits and to the clock.

Every commit tells it how the match stands (it listens at once on the commit hook,
app/server/commit_listeners.py): a bot to act wakes the runner, and the match's
alarm is set to its new deadline (or dropped). While nothing is due it spends no CPU: there
is no periodic scan of active matches, only recovery's rare backstop.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from app.bots.recovery import Recovery
from app.bots.runner import BotRunner
from app.bots.timers import TurnTimers
from app.bots.workers import Workers
from app.matches.commits import Commit

if TYPE_CHECKING:
    from app.bots.context import BotsContext


class Automation:
    def __init__(self, context: BotsContext, settle_pending: Callable[[], Awaitable[int]]) -> None:
        self.context = context
        self.workers = Workers()
        self.bots = BotRunner(context, self.workers)
        self.timers = TurnTimers(context, self.workers)
        self.recovery = Recovery(context, self.bots, self.timers, self.workers, settle_pending)

    def start(self) -> None:
        self.workers.spawn(self.recovery.run(), "recovery")

    async def stop(self) -> None:
        self.timers.cancel_all()
        await self.workers.stop()

    def committed(self, commit: Commit) -> None:
        loaded = commit.match
        if loaded.bots_to_act():
            self.bots.wake(loaded.id, loaded.version)
        self.timers.schedule(loaded.id, loaded.deadline)

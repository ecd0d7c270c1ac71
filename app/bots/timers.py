"""Turn timers: when a deadline passes, the stand-in bot decides for each waiting player.

Each commit (re)sets its match's alarm on the clock, so a deadline rings at its time and
nothing runs while no deadline is due. When two processes ring for the same deadline (one
recovering after a restart, say), the version check lets exactly one of them commit each
timed-out decision (on a slow table, only those seats whose own time and bank are spent). The
action is logged with the actor "timeout", and after
FOXDEN_MISSED_TURNS in a row a bot takes the seat until its player reclaims it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from app.bots.runner import RETRYABLE, choose
from app.bots.workers import Workers
from app.core.clock import Cancellable
from app.core.errors import ApiError
from app.core.statuses import ActorKind
from app.matches.loaded import LoadedMatch
from app.matches.service import Actor, act
from app.matches.slow_clocks import expired_seats
from app.matches.stand_in import stand_in_strategy
from app.matches.store import load_match
from app.web.faults import is_outage

if TYPE_CHECKING:
    from app.bots.context import BotsContext


OUTAGE_RETRY_SECONDS = 1.0


class TurnTimers:
    def __init__(self, context: BotsContext, workers: Workers) -> None:
        self.context = context
        self.workers = workers
        self._alarms: dict[str, tuple[datetime, Cancellable]] = {}

    def schedule(self, match_id: str, deadline: datetime | None) -> None:
        """Ring for this match at `deadline` (at once if it has passed); None: no alarm."""
        current = self._alarms.get(match_id)
        if current is not None and current[0] == deadline:
            return
        if current is not None:
            current[1].cancel()
            del self._alarms[match_id]
        if deadline is not None:
            alarm = self.context.clock.call_at(deadline, lambda: self._ring(match_id))
            self._alarms[match_id] = (deadline, alarm)

    def cancel_all(self) -> None:
        for _deadline, alarm in self._alarms.values():
            alarm.cancel()
        self._alarms.clear()

    def _ring(self, match_id: str) -> None:
        self._alarms.pop(match_id, None)
        self.workers.spawn(self._expire_or_retry(match_id), f"deadline of {match_id}")

    async def _expire_or_retry(self, match_id: str) -> None:
        try:
            await self.expire(match_id)
        except Exception as error:
            if not is_outage(error):
                raise
            # The database or the broker is away: ring again shortly rather than leave the
            # timed-out player to recovery (which looks only every FOXDEN_RECOVERY_SECONDS).
            again = self.context.clock.now() + timedelta(seconds=OUTAGE_RETRY_SECONDS)
            self.schedule(match_id, again)

    async def expire(self, match_id: str) -> None:
        """Decide for every player the expired deadline was running for."""
        async with self.workers.slots:
            async with self.context.db.sessions() as session:
                loaded = await load_match(self.context, session, match_id)
            if loaded.deadline is None:
                return  # nobody's clock runs any more
            if loaded.deadline > self.context.clock.now():
                # Someone acted meanwhile (maybe in another process), or the alarm rang a
                # hair early: wait for the deadline that runs now.
                self.schedule(match_id, loaded.deadline)
                return
            await self._decide_for_waiting(loaded)

    async def _decide_for_waiting(self, loaded: LoadedMatch) -> None:
        # A slow table's deadline is its first spent clock: the others' may still run.
        for seat in expired_seats(loaded, self.context.clock.now()):
            async with self.context.db.sessions() as session:
                current = await load_match(self.context, session, loaded.id)
            if seat not in current.humans_to_act():
                continue
            action = choose(current, seat, stand_in_strategy(current.game))
            try:
                await act(
                    self.context,
                    loaded.id,
                    Actor(ActorKind.TIMEOUT, seat=seat),
                    action,
                    current.version,
                )
                self.context.metrics.turn_timeouts.inc()
            except ApiError as refusal:
                if refusal.code in RETRYABLE:
                    return  # another process got there first
                raise

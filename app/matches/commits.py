"""The commit hook: every change to a match is committed first, then announced here once.

A move, a seat changing hands, a match starting or ending without a move (an admin's abort, the
last resignation) is one committed step; its writer then hands a `Commit` to `announce`, and
the listeners do the rest (wired in app/server/commit_listeners.py): ops counts and logs it, the
bot and timer layer schedules what is due, players' streams hear their news, a finished rated
match is settled, and every socket on every process is pushed the new version.

The writer never imports a listener, and no listener can fail or hold up a commit:
- *within* listeners add rows that belong to the change itself (the table's chat notice of a
  seat change) to the writer's transaction: committed with it or not at all, so a crash cannot
  keep one and lose the other. They are the only ones that can fail a change, as its own
  writes can;
- *at once* listeners run inline and may only schedule work (a dict write, a task, a timer);
- *after* listeners run in a task of their own, one match's commits in the order they were
  committed, each on its own guard: an error is logged and counted, a listener slower than
  LISTENER_SECONDS is cancelled. A move of a match that goes on is answered at once (its push
  follows); any other commit (the match finished, a seat changed hands, a start) is answered
  once they are done, or after WAIT_SECONDS at most: a rated table's final move is settled
  before its answer goes out, a seat change's notice is pushed.
A listener may say which commits it is for (`when`): the others never reach it, and a move
pays nothing for the listeners of endings and seat changes. Both bounds are counted on the
process's clock, so tests move time past them instead of waiting.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from app.core.clock import Cancellable, Clock, RealClock, deadline
from app.core.statuses import ActorKind, MatchStatus
from app.matches.loaded import LoadedMatch

WAIT_SECONDS = 2.0  # the longest a committing request waits for the after-commit listeners
LISTENER_SECONDS = 10.0  # an after-commit listener still running then is cancelled
log = logging.getLogger(__name__)


class Change(StrEnum):
    MOVE = "move"  # a seat's action: a player's, a bot's, or a timer's that expired
    SEATS = "seats"  # a seat changed hands (left, reclaimed, resigned); the match goes on
    START = "start"  # a lobby or a challenge became this match
    END = "end"  # ended by no seat's move: an admin's abort, a resignation that ends it


class SeatChange(StrEnum):
    """How a seat changed hands (a SEATS commit)."""

    LEFT = "left"  # its player walked away; a bot plays on for them
    BACK = "back"  # its player took it back from the bot
    HANDED_OVER = "handed_over"  # its player resigned; the bot plays it to the end, last


@dataclass(frozen=True)
class Commit:
    """One committed step, as every listener hears of it."""

    match: LoadedMatch  # as committed
    change: Change
    seat: int | None = None  # the seat that acted (moved, resigned) or changed hands
    action: Any = None  # a move's action (MOVE only)
    actor: ActorKind | None = None
    started: float | None = None  # when the move reached the server (perf_counter)
    repeated: bool = False  # a retried request: applied before, answered again
    seat_change: SeatChange | None = None  # SEATS only
    player_id: str | None = None  # SEATS only: the seat's player


@dataclass(frozen=True)
class Refusal:
    """A move the pipeline refused: nothing was committed, ops still counts it."""

    match_id: str
    seat: int | None
    actor: ActorKind
    action: Any
    version: int | None  # the version the client acted on (None: not said)
    code: str
    started: float


Within = Callable[[AsyncSession, Commit], Awaitable[None]]
AtOnce = Callable[[Commit], None]
After = Callable[[Commit], Awaitable[None]]
OnRefusal = Callable[[Refusal], None]
Filter = Callable[[Commit], bool]
L = TypeVar("L")


def finishes(commit: Commit) -> bool:
    """The commit is the one that finished its match (not an abort)."""
    return commit.match.status == MatchStatus.FINISHED


def changes_seats(commit: Commit) -> bool:
    return commit.change is Change.SEATS


class CommitHook:
    """One per process (`context.commits`): writers announce, listeners listen."""

    def __init__(self, clock: Clock | None = None) -> None:
        self._clock = clock or RealClock()
        self._within: list[tuple[Within, Filter | None]] = []
        self._at_once: list[tuple[AtOnce, Filter | None]] = []
        self._after: list[tuple[After, Filter | None]] = []
        self._refusals: list[OnRefusal] = []
        self._lanes: dict[str, asyncio.Task[None]] = {}  # each match's newest after-work
        self.failures = 0  # listener errors and timeouts, for ops (a count, never raised)

    def within(self, listener: Within, when: Filter | None = None) -> None:
        self._within.append((listener, when))

    def at_once(self, listener: AtOnce, when: Filter | None = None) -> None:
        self._at_once.append((listener, when))

    def after(self, listener: After, when: Filter | None = None) -> None:
        self._after.append((listener, when))

    def on_refusal(self, listener: OnRefusal) -> None:
        self._refusals.append(listener)

    def remove(self, listener: Any) -> None:
        self._within = [entry for entry in self._within if entry[0] != listener]
        self._at_once = [entry for entry in self._at_once if entry[0] != listener]
        self._after = [entry for entry in self._after if entry[0] != listener]
        if listener in self._refusals:
            self._refusals.remove(listener)

    async def within_transaction(self, session: AsyncSession, commit: Commit) -> None:
        """Before the writer commits: the within listeners add their rows to its transaction.
        An error here is the change's own, and rolls it back."""
        for listener, when in self._within:
            if when is None or when(commit):
                await listener(session, commit)

    async def announce(self, commit: Commit) -> None:
        """Tell every listener (see the module's docstring for when it returns). Never raises
        for a listener."""
        self._each(_for(self._at_once, commit), commit)
        after = _for(self._after, commit)
        if not after:
            return
        lane = self._queue(commit, after)
        if commit.change is Change.MOVE and commit.match.status == MatchStatus.ACTIVE:
            return  # the hot path: nothing the mover's answer depends on
        try:
            async with deadline(self._clock, WAIT_SECONDS):
                await asyncio.shield(lane)  # a request that stops waiting leaves it running
        except TimeoutError:
            log.warning("listeners of %s v%s still at work", commit.match.id, commit.match.version)

    def refused(self, refusal: Refusal) -> None:
        self._each(self._refusals, refusal)

    async def drain(self) -> None:
        """Wait for every after-commit listener still at work (a process stopping)."""
        while self._lanes:
            await asyncio.gather(*self._lanes.values(), return_exceptions=True)

    def _each(self, listeners: Iterable[Callable[[Any], None]], event: Commit | Refusal) -> None:
        for listener in listeners:
            try:
                listener(event)
            except Exception:
                self._failed(listener, event)

    def _queue(self, commit: Commit, after: list[After]) -> asyncio.Task[None]:
        """The after-commit work of this commit, behind the match's earlier commits: a socket
        never hears version 8 before version 7 from this process."""
        match_id = commit.match.id
        previous = self._lanes.get(match_id)
        lane = asyncio.get_running_loop().create_task(self._run_after(commit, after, previous))
        self._lanes[match_id] = lane
        lane.add_done_callback(lambda done: self._finished(match_id, done))
        return lane

    def _finished(self, match_id: str, lane: asyncio.Task[None]) -> None:
        if self._lanes.get(match_id) is lane:
            del self._lanes[match_id]

    async def _run_after(
        self, commit: Commit, after: list[After], previous: asyncio.Task[None] | None
    ) -> None:
        if previous is not None and not previous.done():
            await asyncio.wait((previous,))  # its own failures are its own
        watch = _Watch(asyncio.current_task(), self._clock)
        try:
            for listener in after:
                watch.step += 1
                try:
                    await listener(commit)
                except asyncio.CancelledError:
                    if not watch.overdue:
                        raise  # the process is stopping
                    watch.forgive()
                    self._failed(listener, commit, "ran past LISTENER_SECONDS")
                except Exception:
                    self._failed(listener, commit)
        finally:
            watch.stop()

    def _failed(self, listener: Any, event: Commit | Refusal, why: str = "failed") -> None:
        self.failures += 1
        about = (
            f"{event.match.id} v{event.match.version} ({event.change})"
            if isinstance(event, Commit)
            else f"{event.match_id}, a refusal ({event.code})"
        )
        name = getattr(listener, "__qualname__", listener)
        log.exception("commit listener %s %s on %s; the commit stands", name, why, about)


def _for(listeners: list[tuple[L, Filter | None]], commit: Commit) -> list[L]:
    return [listener for listener, when in listeners if when is None or when(commit)]


class _Watch:
    """One timer per lane rather than one per listener (a timer per listener costs more than
    a cheap listener does): each time it rings, a listener still at the step it found at the
    last ring has run LISTENER_SECONDS at least, and is cancelled; else it looks again later."""

    def __init__(self, task: asyncio.Task[Any] | None, clock: Clock) -> None:
        self.task = task
        self.clock = clock
        self.step = 0
        self.overdue = False
        self._seen = -1
        self._timer: Cancellable = clock.call_later(LISTENER_SECONDS, self._ring)

    def _ring(self) -> None:
        if self.step == self._seen and self.task is not None:
            self.overdue = True
            self.task.cancel()
            return
        self._seen = self.step
        self._timer = self.clock.call_later(LISTENER_SECONDS, self._ring)

    def forgive(self) -> None:
        """The overdue listener was cancelled: the lane goes on to the next one."""
        self.overdue = False
        if self.task is not None:
            self.task.uncancel()
        self._seen = -1
        self._timer = self.clock.call_later(LISTENER_SECONDS, self._ring)

    def stop(self) -> None:
        self._timer.cancel()

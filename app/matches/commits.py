"""The commit hook: every change to a match is committed first, then announced here once.

A move, a seat changing hands, a match starting or ending without a move (an admin's abort, the
last resignation) is one committed step; its writer then hands a `Commit` to `announce`, and
the listeners do the rest (wired in app/server/main.py): ops counts and logs it, the bot and timer
layer schedules what is due, players' streams hear their news, a finished rated match is
settled, and every socket on every process is pushed the new version.

The writer never imports a listener, and no listener can fail or hold up a commit:
- *at once* listeners run inline and may only schedule work (a dict write, a task, a timer);
- *after* listeners run in a task of their own, one match's commits in the order they were
  committed, each on its own guard: an error is logged and counted, a listener slower than
  LISTENER_SECONDS is cancelled. A move of a match that goes on is answered at once (its push
  follows); any other commit (the match finished, a seat changed hands, a start) is answered
  once they are done, or after WAIT_SECONDS at most: a rated table's final move is settled
  before its answer goes out, a seat change's notice is in the chat.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

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


@dataclass(frozen=True)
class Commit:
    """One committed step, as every listener hears of it."""

    match: LoadedMatch  # as committed
    change: Change
    seat: int | None = None  # the seat that acted or changed
    action: Any = None  # a move's action (MOVE only)
    actor: ActorKind | None = None
    started: float | None = None  # when the move reached the server (perf_counter)
    repeated: bool = False  # a retried request: applied before, answered again
    notice: str | None = None  # what the table's chat says of a seat change
    player_id: str | None = None  # who changed seats


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


AtOnce = Callable[[Commit], None]
After = Callable[[Commit], Awaitable[None]]
OnRefusal = Callable[[Refusal], None]


class CommitHook:
    """One per process (`context.commits`): writers announce, listeners listen."""

    def __init__(self) -> None:
        self._at_once: list[AtOnce] = []
        self._after: list[After] = []
        self._refusals: list[OnRefusal] = []
        self._lanes: dict[str, asyncio.Task[None]] = {}  # each match's newest after-work
        self.failures = 0  # listener errors and timeouts, for ops (a count, never raised)

    def at_once(self, listener: AtOnce) -> None:
        self._at_once.append(listener)

    def after(self, listener: After) -> None:
        self._after.append(listener)

    def on_refusal(self, listener: OnRefusal) -> None:
        self._refusals.append(listener)

    def remove(self, listener: Any) -> None:
        for listeners in (self._at_once, self._after, self._refusals):
            if listener in listeners:
                listeners.remove(listener)

    async def announce(self, commit: Commit) -> None:
        """Tell every listener (see the module's docstring for when it returns). Never raises
        for a listener."""
        for listener in self._at_once:
            try:
                listener(commit)
            except Exception:
                self._failed(listener, commit)
        if not self._after:
            return
        lane = self._queue(commit)
        if commit.change is Change.MOVE and commit.match.status == MatchStatus.ACTIVE:
            return  # the hot path: nothing the mover's answer depends on
        # asyncio.wait never cancels: a request that stops waiting leaves the lane running.
        done, _ = await asyncio.wait((lane,), timeout=WAIT_SECONDS)
        if not done:
            log.warning("listeners of %s v%s still at work", commit.match.id, commit.match.version)

    def refused(self, refusal: Refusal) -> None:
        for listener in self._refusals:
            try:
                listener(refusal)
            except Exception:
                log.exception("a refusal listener failed")
                self.failures += 1

    async def drain(self) -> None:
        """Wait for every after-commit listener still at work (a process stopping)."""
        while self._lanes:
            await asyncio.gather(*self._lanes.values(), return_exceptions=True)

    def _queue(self, commit: Commit) -> asyncio.Task[None]:
        """The after-commit work of this commit, behind the match's earlier commits: a socket
        never hears version 8 before version 7 from this process."""
        match_id = commit.match.id
        previous = self._lanes.get(match_id)
        lane = asyncio.get_running_loop().create_task(self._run_after(commit, previous))
        self._lanes[match_id] = lane
        lane.add_done_callback(lambda done: self._finished(match_id, done))
        return lane

    def _finished(self, match_id: str, lane: asyncio.Task[None]) -> None:
        if self._lanes.get(match_id) is lane:
            del self._lanes[match_id]

    async def _run_after(self, commit: Commit, previous: asyncio.Task[None] | None) -> None:
        if previous is not None and not previous.done():
            await asyncio.wait((previous,))  # its own failures are its own
        watch = _Watch(asyncio.current_task())
        try:
            for listener in self._after:
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

    def _failed(self, listener: Any, commit: Commit, why: str = "failed") -> None:
        self.failures += 1
        log.exception(
            "commit listener %s %s on %s v%s (%s); the commit stands",
            getattr(listener, "__qualname__", listener),
            why,
            commit.match.id,
            commit.match.version,
            commit.change,
        )


class _Watch:
    """One timer per lane rather than one per listener (a timer per listener costs more than
    a cheap listener does): each time it rings, a listener still at the step it found at the
    last ring has run LISTENER_SECONDS at least, and is cancelled; else it looks again later."""

    def __init__(self, task: asyncio.Task[Any] | None) -> None:
        self.task = task
        self.step = 0
        self.overdue = False
        self._seen = -1
        self._timer = asyncio.get_running_loop().call_later(LISTENER_SECONDS, self._ring)

    def _ring(self) -> None:
        if self.step == self._seen and self.task is not None:
            self.overdue = True
            self.task.cancel()
            return
        self._seen = self.step
        self._timer = asyncio.get_running_loop().call_later(LISTENER_SECONDS, self._ring)

    def forgive(self) -> None:
        """The overdue listener was cancelled: the lane goes on to the next one."""
        self.overdue = False
        if self.task is not None:
            self.task.uncancel()
        self._seen = -1
        self._timer = asyncio.get_running_loop().call_later(LISTENER_SECONDS, self._ring)

    def stop(self) -> None:
        self._timer.cancel()

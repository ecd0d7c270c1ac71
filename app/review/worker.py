"""One review worker per process: it takes jobs from the queue and weighs their decisions on
a single thread at the lowest priority, so live play never waits for a review.

The search is pure Python: on the event loop it would stall every move of the process, and a
second thread would take the core the loop needs (the same reasoning as the password hashes,
app/accounts/passwords.py). One thread bounds a process's review CPU to one low-priority core,
and each decision is its own piece of work, so progress is recorded (and the claim renewed)
between two, and stopping the process waits for one decision at most.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from app.accounts.passwords import lowest_priority
from app.core.errors import ApiError
from app.matches.export import ended_match
from app.matches.store import load_match
from app.realtime.hub import Listener
from app.realtime.messages import REVIEWS
from app.review import compute, jobs

if TYPE_CHECKING:
    from collections.abc import Callable

    from app.review.context import ReviewContext

log = logging.getLogger(__name__)
FAILED = "The review could not be worked out."
Result = TypeVar("Result")


class ReviewWorker:
    def __init__(self, context: ReviewContext) -> None:
        self.context = context
        # Unique among every process sharing the database: the claim's owner.
        self.id = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._thread = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="review", initializer=lowest_priority
        )
        self._wake = asyncio.Event()
        self._asked: Listener | None = None  # the other processes' word (app/realtime/hub.py)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="review-worker")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._thread.shutdown(wait=False, cancel_futures=True)

    def nudge(self) -> None:
        """A job was just asked for in this process: look now (the asking route also tells
        the other processes, `ReviewAsked`)."""
        self._wake.set()

    async def _run(self) -> None:
        with self.context.hub.listen(REVIEWS) as asked:
            self._asked = asked
            await asked.subscribed()
            await self._work()

    async def _work(self) -> None:
        while True:
            try:
                while await self.run_one():
                    pass
            except Exception:  # the database briefly away: the next poll tries again
                log.exception("the review worker failed to take a job")
            self._wake.clear()
            await self._idle()

    async def _idle(self) -> None:
        """Until nudged, told by another process that a review was asked (or that news may
        have been lost), or the rare poll comes round on the process's clock: an idle process
        does no periodic work but that poll, which finds the job of a process that died."""
        assert self._asked is not None
        waits = {
            asyncio.ensure_future(self._wake.wait()),
            asyncio.ensure_future(self._asked.next()),
            asyncio.ensure_future(
                self.context.clock.sleep(self.context.settings.review_poll_seconds)
            ),
        }
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()

    async def run_one(self) -> bool:
        """Claim one job and work it out; False if none was waiting."""
        async with self.context.db.sessions() as session:
            key = await jobs.claim_next(session, self.id, self.context.clock.now())
        if key is None:
            return False
        try:
            await self._review(key)
        except Exception as error:  # a bug, or a match the rules cannot replay: recorded
            if not isinstance(error, ApiError):
                log.exception("review of %s seat %s failed", *key)
            reason = error.message if isinstance(error, ApiError) else FAILED
            async with self.context.db.sessions() as session:
                await jobs.fail(session, key, self.id, reason, self.context.clock.now())
        return True

    async def _review(self, key: jobs.Key) -> None:
        match_id, seat = key
        async with self.context.db.sessions() as session:
            ended = await ended_match(session, await load_match(self.context, session, match_id))
        plan = await self._on_thread(
            compute.plan, ended, seat, self.context.settings.review_iterations
        )
        verdicts = []
        total = len(plan.decisions)
        for done, decision in enumerate(plan.decisions):
            if not await self._progress(key, done, total):
                return  # another process holds it now (this one was thought dead)
            verdicts.append(await self._on_thread(compute.weigh, plan, decision))
        async with self.context.db.sessions() as session:
            await jobs.finish(
                session, key, self.id, compute.result_json(plan, verdicts), self.context.clock.now()
            )

    async def _progress(self, key: jobs.Key, done: int, total: int) -> bool:
        async with self.context.db.sessions() as session:
            now = self.context.clock.now()
            return await jobs.progress(session, key, self.id, done, total, now)

    async def _on_thread(self, work: Callable[..., Result], *args: Any) -> Result:
        return await asyncio.get_running_loop().run_in_executor(self._thread, work, *args)

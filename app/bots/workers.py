"""The tasks of the bot and timer layer, and how many of them may use the database at once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)
# Bot turns and timeouts wait for one of these before touching the database, so a thousand
# bot turns resuming at once after a restart queue here instead of draining the pool.
CONCURRENT_TURNS = 8


class Workers:
    def __init__(self, concurrency: int = CONCURRENT_TURNS) -> None:
        self.tasks: set[asyncio.Task[None]] = set()
        self.slots = asyncio.Semaphore(concurrency)

    def spawn(self, work: Coroutine[Any, Any, None], what: str) -> asyncio.Task[None]:
        task = asyncio.create_task(self._guarded(work, what))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def stop(self) -> None:
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    @staticmethod
    async def _guarded(work: Coroutine[Any, Any, None], what: str) -> None:
        try:
            await work
        except Exception:  # a bug must not kill the layer; recovery retries dropped work
            log.exception("%s failed", what)

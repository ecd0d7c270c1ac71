"""Driving time in tests: the manual clock moves only here, and work finishes at each step.

`settle` waits on state (every task of the bot and timer layer is done or waiting for the
clock), never on a wall-clock duration; its timeout only turns a hang into a failure.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

import httpx

from app.core.clock import ManualClock

HANG = 60.0  # seconds before a test that never settles fails instead of hanging


def quiet(app: Any) -> bool:
    """Nothing in the app's bot and timer layer is running: all of it waits for the clock."""
    clock = app.state.context.clock
    return all(task.done() or clock.asleep(task) for task in app.state.automation.workers.tasks)


async def settle(*apps: Any) -> None:
    async def until_quiet() -> None:
        while not all(quiet(app) for app in apps):
            await asyncio.sleep(0.002)

    await asyncio.wait_for(until_quiet(), HANG)


async def run_clock(clock: ManualClock, seconds: float, *apps: Any) -> None:
    """Move time on by `seconds`, stopping at each moment something is due so the work it
    starts (and the timers that work sets) is done before time moves again."""
    target = clock.now() + timedelta(seconds=seconds)
    await settle(*apps)
    while (due := clock.next_due()) is not None and due <= target:
        await clock.advance((due - clock.now()).total_seconds())
        await settle(*apps)
    await clock.advance((target - clock.now()).total_seconds())
    await settle(*apps)


@asynccontextmanager
async def app_on(
    clock: ManualClock, database_url: str, **settings: Any
) -> AsyncIterator[tuple[Any, httpx.AsyncClient]]:
    """An app instance of its own (its own pool, caches and bot layer) on `clock`: two of
    them on one database behave as two processes; leaving the block stops it like a crash
    would, dropping whatever its bots and timers were waiting to do."""
    from app.core.config import Settings
    from app.server.main import create_app

    app = create_app(
        Settings(database_url=database_url, rate_per_minute=100_000, **settings), clock
    )
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            await settle(app)
            yield app, http

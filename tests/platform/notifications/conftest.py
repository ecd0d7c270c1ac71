"""The app with Web Push configured, in process on a manual clock, and a push service on
127.0.0.1 that checks and decrypts what it gets (push_service.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from app.core.clock import ManualClock
from app.notifications.vapid import new_key_pair
from tests.platform.helpers import Player
from tests.platform.notifications.push_service import PushService
from tests.timing import HANG

SUBJECT = "mailto:ops@foxden.test"


@pytest.fixture(scope="session")
def vapid_keys() -> tuple[str, str]:
    return new_key_pair()


@pytest.fixture
def push_service(vapid_keys: tuple[str, str]) -> Iterator[PushService]:
    with PushService(vapid_keys[1], SUBJECT) as service:
        yield service


def push_settings(database_url: str, vapid_keys: tuple[str, str], **more: Any) -> Any:
    from app.core.config import Settings

    return Settings(
        database_url=database_url,
        bot_delay_ms=0,
        rate_per_minute=100_000,
        vapid_private_key=vapid_keys[0],
        vapid_public_key=vapid_keys[1],
        vapid_subject=SUBJECT,
        push_insecure_endpoints=True,
        public_url="https://foxden.test",
        **more,
    )


@pytest.fixture
async def push_client(
    database_url: str, with_high_card: None, clock: ManualClock, vapid_keys: tuple[str, str]
) -> AsyncIterator[httpx.AsyncClient]:
    from app.server.main import create_app

    app = create_app(push_settings(database_url, vapid_keys), clock)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            http.app = app  # type: ignore[attr-defined]
            yield http


async def in_time_zone(http: httpx.AsyncClient, player: Player, zone: str) -> None:
    """The player's one time zone, kept with their slow-play settings."""
    saved = await http.put(
        "/api/v1/players/me/clock",
        headers=player.auth,
        json={"time_zone": zone, "playing_hours": None},
    )
    assert saved.status_code == 200, saved.text


async def sent_with_pauses(http: httpx.AsyncClient, clock: ManualClock) -> None:
    """Every queued push sent, moving the app's clock on whenever a worker pauses before
    trying a push service again (it waits on the clock, never on the wall)."""
    sender = http.app.state.context.push  # type: ignore[attr-defined]

    async def until_done() -> None:
        while sender.unfinished:
            due = clock.next_due()
            if due is not None and any(clock.asleep(task) for task in sender.workers):
                await clock.advance((due - clock.now()).total_seconds())
            await asyncio.sleep(0.002)  # polling the sender's state, not waiting out a time

    await asyncio.wait_for(until_done(), HANG)


async def pushes_done(http: httpx.AsyncClient) -> None:
    """Every push the app queued has been sent (the queue's own count, not a pause)."""
    await http.app.state.context.push.idle()  # type: ignore[attr-defined]

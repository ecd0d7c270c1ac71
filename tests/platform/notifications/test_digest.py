"""The daily digest, against a real SMTP server (aiosmtpd on 127.0.0.1): at most one email a
day per player listing the matches waiting for them with their links, at the player's hour in
their time zone; not twice on a second look nor from a second process, not when it is off,
not when nothing waits. Before, a player away from the site had no way to learn what waited."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.message import Message
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from app.core.clock import ManualClock
from tests.platform.accounts.helpers import claimed
from tests.platform.helpers import Player, act, envelope, start_match
from tests.platform.notifications.conftest import in_time_zone
from tests.support.child_server import listening_socket
from tests.timing import HANG, app_on

LOOK_SECONDS = 600.0
HOUR = 3600.0


class Inbox:
    def __init__(self) -> None:
        self.mails: list[Message] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        self.mails.append(message_from_bytes(envelope.content))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [mail for mail in self.mails if mail["To"] == address]


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    probe = listening_socket()  # a free port, released for the SMTP server to bind
    port = int(probe.getsockname()[1])
    probe.close()
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield inbox, port
    controller.stop()


async def _looked(clock: ManualClock, *apps: Any) -> None:
    """Every process's digest has finished its look and sleeps on the clock again."""

    async def asleep() -> None:
        while not all(clock.asleep(app.state.digest.task) for app in apps):
            await asyncio.sleep(0.002)  # polling the tasks' state, within HANG

    await asyncio.wait_for(asleep(), HANG)


async def _pass(clock: ManualClock, seconds: float, *apps: Any) -> None:
    """Move time on by `seconds`, stopping at each moment something is due until every
    process's digest has finished the look it started then."""
    target = clock.now() + timedelta(seconds=seconds)
    await _looked(clock, *apps)
    while (due := clock.next_due()) is not None and due <= target:
        await clock.advance((due - clock.now()).total_seconds())
        await _looked(clock, *apps)
    await clock.advance((target - clock.now()).total_seconds())


async def _waiting_for(http: httpx.AsyncClient, ada: Player, bob: Player) -> str:
    """A match where Bob must decide (Ada led)."""
    match_id = await start_match(http, ada, [bob], options={"tricks": 3})
    lead = (await envelope(http, match_id, ada))["legal_actions"][0]
    assert (await act(http, match_id, ada, lead)).status_code == 200
    return match_id


async def test_the_digest_arrives_once_a_day_at_the_players_hour(
    database_url: str, with_high_card: None, smtp: tuple[Inbox, int]
) -> None:
    inbox, port = smtp
    clock = ManualClock(datetime(2026, 12, 5, 0, 10, tzinfo=UTC))  # 09:10 in Tokyo
    settings = {
        "smtp_host": "127.0.0.1",
        "smtp_port": port,
        "smtp_from": "foxden@foxden.test",
        "smtp_starttls": False,
        "digest_check_seconds": LOOK_SECONDS,
        "recovery_seconds": 6 * HOUR,  # fewer moments to stop at on the way to the next day
        "public_url": "https://foxden.test",
    }
    async with (
        app_on(clock, database_url, **settings) as (one, http),
        app_on(clock, database_url, **settings) as (two, _other),
    ):
        ada, bob = await claimed(http, "Ada", "ada"), await claimed(http, "Bob", "bob")
        carol = await claimed(http, "Carol", "carol")
        match_id = await _waiting_for(http, ada, bob)
        await _waiting_for(http, bob, ada)  # Ada has one waiting too, but her digest is off
        tokyo_hour = 10
        for player in (bob, carol):  # Carol has nothing waiting
            email = f"{player.name.lower()}@example.org"
            await in_time_zone(http, player, "Asia/Tokyo")
            choice = {"digest": {"enabled": True, "hour": tokyo_hour, "email": email}}
            saved = await http.put("/api/v1/notifications", headers=player.auth, json=choice)
            assert saved.status_code == 200, saved.text
            assert saved.json()["digest"] == {"enabled": True, "hour": tokyo_hour, "email": email}
        await _pass(clock, LOOK_SECONDS, one, two)
        assert inbox.mails == []  # its hour has not come
        await _pass(clock, HOUR, one, two)
        [digest] = inbox.to("bob@example.org")
        assert digest["Subject"] == "Foxden: 1 match waits for you"
        text = digest.get_payload(decode=True).decode()  # type: ignore[union-attr]
        assert (
            f"High Card (test game) with Ada: https://foxden.test/match/{match_id}#prompt" in text
        )
        for _ in range(3):  # more looks, by both processes
            await _pass(clock, LOOK_SECONDS, one, two)
        assert len(inbox.mails) == 1  # not Ada's (off), not Carol's (nothing waits)
        assert one.state.digest.sent + two.state.digest.sent == 1
        await _pass(clock, 24 * HOUR, one, two)  # the next day: the next digest
        assert len(inbox.to("bob@example.org")) == 2 and len(inbox.mails) == 2

"""The issue's test: a slow match between two signed-in devices across two real server
processes on one Postgres and Redis. Each move, made through either process, that makes it
the other player's turn sends that player's device exactly one notification, whose link opens
the table at the pending decision; the mover's device gets none; quiet hours hold it back.

The processes run on the real clock: quiet hours are set around the present moment in the
player's time zone. Every wait is on state (the push service's inboxes, a claim row in the
database), each within a bound.
"""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import asyncpg
import httpx
import pytest

from tests.platform.accounts.helpers import claimed
from tests.platform.helpers import Player, act, envelope
from tests.platform.notifications.conftest import SUBJECT, in_time_zone
from tests.platform.notifications.push_service import WAIT_SECONDS, PushService
from tests.servers import running

pytestmark = pytest.mark.slow
PUBLIC = "https://foxden.test"
SLOW_TURN = 3 * 86400  # three days a move


async def _slow_match(http: httpx.AsyncClient, ada: Player, bob: Player) -> str:
    made = await http.post(
        "/api/v1/lobbies",
        headers=ada.auth,
        json={"game": "high-card", "seats": 2, "options": {"tricks": 3}, "turn_seconds": SLOW_TURN},
    )
    assert made.status_code == 201, made.text
    lobby = made.json()["id"]
    assert (await http.post(f"/api/v1/lobbies/{lobby}/join", headers=bob.auth, json={})).is_success
    assert (await http.post(f"/api/v1/lobbies/{lobby}/ready", headers=bob.auth, json={})).is_success
    started = await http.post(f"/api/v1/lobbies/{lobby}/start", headers=ada.auth)
    assert started.status_code == 200, started.text
    return str(started.json()["match_id"])


def _quiet_now(time_zone: str) -> dict[str, Any]:
    """Quiet hours from an hour ago to two hours from now, local to `time_zone`."""
    here = datetime.now(UTC).astimezone(ZoneInfo(time_zone))
    start, end = here - timedelta(hours=1), here + timedelta(hours=2)
    return {
        "quiet_hours": {"start": f"{start.hour:02d}:00", "end": f"{end.hour:02d}:00"},
    }


async def _claimed_turn(database_url: str, match_id: str, seat: int) -> None:
    """Wait until a process has decided on the seat's notice of its first turn (the claim is
    written before the push would be sent, or held back)."""
    dsn = database_url.replace("postgresql+asyncpg://", "postgresql://")
    connection = await asyncpg.connect(dsn)
    try:
        async with asyncio.timeout(WAIT_SECONDS):
            while not await connection.fetchval(
                "SELECT count(*) FROM push_notices WHERE match_id = $1 AND seat = $2",
                match_id,
                seat,
            ):
                await asyncio.sleep(0.02)  # polling the database's state, within the bound
    finally:
        await connection.close()


class Table:
    """The two devices, the two processes, and what each device's inbox should hold."""

    def __init__(self, service: PushService, processes: list[httpx.AsyncClient]) -> None:
        self.service = service
        self.processes = processes
        self.inbox: dict[str, str] = {}  # player id -> inbox name
        self.expected: dict[str, int] = {}  # inbox name -> notifications it should hold
        self.moves = 0

    async def move(self, match_id: str, players: dict[int, Player], held_back: int | None) -> bool:
        """The player to act moves through the next process; checks what each inbox got.
        False once the match is over."""
        through = self.processes[self.moves % 2]
        self.moves += 1
        state = await envelope(through, match_id, None)
        if state["status"] != "active":
            return False
        mover = players[state["to_act"][0]]
        mine = await envelope(through, match_id, mover)
        moved = await act(through, match_id, mover, mine["legal_actions"][0])
        assert moved.status_code == 200, moved.text
        after = moved.json()
        other = players[1 - mine["seat"]]
        if after["status"] != "active":  # the match over: the other player hears of it
            await self._told(match_id, other, None, kind="match_finished")
        elif after["to_act"][0] != mine["seat"]:
            await self._told(match_id, other, held_back)
        await self._nothing_more(mover)
        return bool(after["status"] == "active")

    async def _told(
        self, match_id: str, player: Player, held_back: int | None, kind: str = "your_turn"
    ) -> None:
        if held_back is not None:
            return
        name = self.inbox[player.id]
        self.expected[name] += 1
        count = self.expected[name]
        await asyncio.to_thread(
            self.service.wait_for,
            lambda: len(self.service.inboxes[name].messages) >= count,
            f"notification {count} to {name}",
        )
        told = [m for m in self.service.messages(name) if (m["tag"], m["kind"]) == (match_id, kind)]
        assert told and all(m["url"] == f"{PUBLIC}/match/{match_id}#prompt" for m in told)
        if kind != "your_turn":
            return
        # The link's table asks this player the pending decision, on either process.
        for process in self.processes:
            opened = await envelope(process, match_id, player)
            assert opened["to_act"] == [opened["seat"]] and opened["legal_actions"]

    async def _nothing_more(self, mover: Player) -> None:
        name = self.inbox[mover.id]
        assert len(self.service.messages(name)) == self.expected[name]


async def test_each_move_on_either_process_notifies_the_other_device_once(
    postgres_base_url: str,
    redis_url: str,
    with_high_card: None,
    push_service: PushService,
    vapid_keys: tuple[str, str],
) -> None:
    env = {
        "FOXDEN_DATABASE_URL": postgres_base_url,
        "FOXDEN_REDIS_URL": redis_url,
        "FOXDEN_VAPID_PRIVATE_KEY": vapid_keys[0],
        "FOXDEN_VAPID_PUBLIC_KEY": vapid_keys[1],
        "FOXDEN_VAPID_SUBJECT": SUBJECT,
        "FOXDEN_PUSH_INSECURE_ENDPOINTS": "true",
        "FOXDEN_PUBLIC_URL": PUBLIC,
    }
    with running(env) as one, running(env) as two:
        async with (
            httpx.AsyncClient(base_url=one.url) as first,
            httpx.AsyncClient(base_url=two.url) as second,
        ):
            table = Table(push_service, [first, second])
            suffix = uuid.uuid4().hex[:8]  # the session's database is shared with other files
            ada = await claimed(first, "Ada", f"ada-{suffix}")
            bob = await claimed(second, "Bob", f"bob-{suffix}")
            for player, http, name in ((ada, first, "ada"), (bob, second, "bob")):
                subscribed = await http.put(
                    "/api/v1/notifications/devices/current/push",
                    headers=player.auth,
                    json=push_service.subscription(name),
                )
                assert subscribed.status_code == 204, subscribed.text
                table.inbox[player.id], table.expected[name] = name, 0

            match_id = await _slow_match(first, ada, bob)
            await table._told(match_id, ada, None)  # the start: Ada leads
            seats = {0: ada, 1: bob}
            while await table.move(match_id, seats, held_back=None):
                pass
            assert table.expected["bob"] >= 1 and table.expected["ada"] >= 2

            # Quiet hours for Bob: Ada's lead makes it his turn, and nothing is sent.
            await in_time_zone(second, bob, "America/Sao_Paulo")
            quiet = await second.put(
                "/api/v1/notifications", headers=bob.auth, json=_quiet_now("America/Sao_Paulo")
            )
            assert quiet.status_code == 200, quiet.text
            quiet_match = await _slow_match(second, ada, bob)
            await table._told(quiet_match, ada, None)
            assert await table.move(quiet_match, seats, held_back=1)
            await _claimed_turn(postgres_base_url, quiet_match, 1)
            # Lifted: the turn held back is not sent later; the next ones are, once each.
            assert (await first.put("/api/v1/notifications", headers=bob.auth, json={})).is_success
            while await table.move(quiet_match, seats, held_back=None):
                pass
            assert len(push_service.messages("bob")) == table.expected["bob"]
            assert push_service.inboxes["bob"].requests == table.expected["bob"]
            assert push_service.problems == []

"""An expired deadline is acted on exactly once, even with two processes sweeping for it."""

from __future__ import annotations

import asyncio
import itertools
from datetime import datetime

import pytest

from tests.platform.client import ApiClient
from tests.servers import running

pytestmark = pytest.mark.slow


async def test_each_deadline_acts_exactly_once_across_two_processes(
    postgres_base_url: str, redis_url: str
) -> None:
    env = {
        "FOXDEN_DATABASE_URL": postgres_base_url,
        "FOXDEN_REDIS_URL": redis_url,
        "FOXDEN_TIMER_SWEEP_SECONDS": "0.05",
        "FOXDEN_MISSED_TURNS": "100",
    }
    with running(env) as one, running(env) as two:
        ada = await ApiClient.register(one.url, "Ada")
        bob = await ApiClient.register(two.url, "Bob")
        lobby = await ada.ok(
            "POST",
            "/api/v1/lobbies",
            {"game": "high-card", "seats": 2, "options": {"tricks": 3}, "turn_seconds": 1},
        )
        await bob.ok("POST", f"/api/v1/lobbies/{lobby['id']}/join", {})
        await bob.ok("POST", f"/api/v1/lobbies/{lobby['id']}/ready", {"ready": True})
        match_id = (await ada.ok("POST", f"/api/v1/lobbies/{lobby['id']}/start"))["match_id"]
        await asyncio.sleep(3.6)  # nobody acts: about three deadlines pass
        replay = await ada.ok("GET", f"/api/v1/matches/{match_id}/log")
    actions = [
        entry for entry in replay["entries"] if not entry["private"] and "played" in entry["text"]
    ]
    assert 2 <= len(actions) <= 4, actions
    assert {entry["actor"] for entry in actions} == {"timeout"}
    # Each deadline gives one decision: a deadline acted on twice by two processes would show
    # two decisions less than a turn apart (each decision restarts the clock).
    times = [datetime.fromisoformat(entry["at"]) for entry in actions]
    gaps = [(b - a).total_seconds() for a, b in itertools.pairwise(times)]
    assert all(gap >= 0.9 for gap in gaps), gaps

"""Turn timers, leaving a running match, and reclaiming a seat from the stand-in bot.

Time is the manual clock's: a deadline passes when the test moves the clock past it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import httpx

from app.core.clock import ManualClock
from tests.platform.helpers import act, envelope, new_player, start_match, start_timed_match
from tests.timing import run_clock, settle


async def test_the_deadline_is_in_the_envelope_and_the_timer_decides(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    app = client.app  # type: ignore[attr-defined]
    ada, bob, match_id = await start_timed_match(client, 10)
    first = await envelope(client, match_id, ada)
    assert datetime.fromisoformat(first["deadline"]) == clock.now() + timedelta(seconds=10)
    await run_clock(clock, 9.9, app)
    assert (await envelope(client, match_id, ada))["version"] == 0  # not yet
    await run_clock(clock, 0.1, app)
    after = await envelope(client, match_id, ada)
    assert after["version"] == 1 and after["to_act"] == [1]
    # Bob's clock started when the timeout decided for Ada.
    assert datetime.fromisoformat(after["deadline"]) == clock.now() + timedelta(seconds=10)
    log = (await client.get(f"/api/v1/matches/{match_id}/log", headers=ada.auth)).json()
    assert log["entries"][0]["actor"] == "timeout" and log["entries"][0]["seat"] == 0
    # Acting yourself stops the clock for you: Bob's deadline never fires.
    seen = await envelope(client, match_id, bob)
    response = await act(client, match_id, bob, seen["legal_actions"][0], version=seen["version"])
    assert response.status_code == 200
    await run_clock(clock, 9.9, app)
    assert (await envelope(client, match_id, ada))["version"] == 2


async def test_missed_turns_hand_the_seat_to_a_bot_until_reclaimed(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    app = client.app  # type: ignore[attr-defined]
    ada, _bob, match_id = await start_timed_match(client, 1)
    # Both sleep through their turns: after 3 misses each seat is played by a bot.
    for _ in range(6):
        await run_clock(clock, 1, app)
    seen = await envelope(client, match_id, ada)
    assert seen["seats"][0]["away"] and seen["seats"][0]["bot"] == "random"
    log = (await client.get(f"/api/v1/matches/{match_id}/log")).json()
    assert [e["actor"] for e in log["entries"] if not e["private"]][:6] == ["timeout"] * 6
    if seen["status"] == "active":
        back = await client.post(f"/api/v1/matches/{match_id}/reclaim", headers=ada.auth)
        assert back.status_code == 200
        assert back.json()["seats"][0]["away"] is False and back.json()["seats"][0]["bot"] is None


async def test_a_player_leaves_and_a_bot_plays_on(client: httpx.AsyncClient) -> None:
    app = client.app  # type: ignore[attr-defined]
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    left = await client.post(f"/api/v1/matches/{match_id}/leave", headers=bob.auth)
    assert left.status_code == 200
    assert left.json()["seats"][1] == {
        "seat": 1,
        "name": "Bob",
        "player_id": bob.id,
        "bot": "random",
        "away": True,
        "connected": True,
        "is_bot": False,
        "resigned": False,
    }
    chat = (await client.get(f"/api/v1/matches/{match_id}/chat")).json()["messages"]
    assert chat[-1]["name"] == "Bob" and "left the table" in chat[-1]["text"]
    blocked = await act(client, match_id, bob, {"type": "play", "card": "c-1"})
    assert blocked.status_code == 409  # the bot plays that seat now
    for _ in range(20):  # Ada plays; the bot answers for Bob
        await settle(app)
        seen = await envelope(client, match_id, ada)
        if seen["status"] != "active":
            break
        assert seen["to_act"] == [0], "the bot did not answer"
        await act(client, match_id, ada, seen["legal_actions"][0], version=seen["version"])
    assert seen["status"] == "finished"
    log = (await client.get(f"/api/v1/matches/{match_id}/log")).json()
    assert {s["actor"] for s in log["replay"] if s["seat"] == 1} == {"bot"}
    stranger = await new_player(client, "Eve")
    assert (
        await client.post(f"/api/v1/matches/{match_id}/leave", headers=stranger.auth)
    ).status_code == 403

"""Turn timers, leaving a running match, and reclaiming a seat from the stand-in bot."""

from __future__ import annotations

import asyncio
from datetime import datetime

import httpx

from tests.platform.helpers import Player, act, envelope, new_player


async def _timed_match(client: httpx.AsyncClient, seconds: int) -> tuple[Player, Player, str]:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    lobby = (
        await client.post(
            "/api/v1/lobbies",
            headers=ada.auth,
            json={
                "game": "high-card",
                "seats": 2,
                "options": {"tricks": 3},
                "turn_seconds": seconds,
            },
        )
    ).json()
    assert lobby["turn_seconds"] == seconds
    await client.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json={})
    await client.post(f"/api/v1/lobbies/{lobby['id']}/ready", headers=bob.auth, json={})
    started = await client.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=ada.auth)
    return ada, bob, started.json()["match_id"]


async def _wait_for(
    client: httpx.AsyncClient, match_id: str, player: Player, version: int, seconds: float = 10
) -> dict:  # type: ignore[type-arg]
    for _ in range(int(seconds / 0.05)):
        seen = await envelope(client, match_id, player)
        if seen["version"] >= version:
            return seen
        await asyncio.sleep(0.05)
    raise AssertionError(f"version {version} never came")


async def test_the_deadline_is_in_the_envelope_and_the_timer_decides(
    client: httpx.AsyncClient,
) -> None:
    ada, bob, match_id = await _timed_match(client, 1)
    first = await envelope(client, match_id, ada)
    deadline = datetime.fromisoformat(first["deadline"])
    assert 0 < (deadline - datetime.now(deadline.tzinfo)).total_seconds() <= 1.5
    after = await _wait_for(client, match_id, ada, 1)
    assert after["to_act"] == [1] and after["deadline"] is not None
    log = (await client.get(f"/api/v1/matches/{match_id}/log", headers=ada.auth)).json()
    assert log["entries"][0]["actor"] == "timeout" and log["entries"][0]["seat"] == 0
    # Acting yourself stops the clock for you and resets your missed turns.
    seen = await envelope(client, match_id, bob)
    response = await act(client, match_id, bob, seen["legal_actions"][0], version=seen["version"])
    assert response.status_code == 200


async def test_missed_turns_hand_the_seat_to_a_bot_until_reclaimed(
    client: httpx.AsyncClient,
) -> None:
    ada, _bob, match_id = await _timed_match(client, 1)
    # Both sleep through their turns: after 3 misses each seat is played by a bot.
    for _ in range(200):
        seen = await envelope(client, match_id, ada)
        if all(seat["away"] for seat in seen["seats"]) or seen["status"] != "active":
            break
        await asyncio.sleep(0.1)
    assert seen["seats"][0]["away"] and seen["seats"][0]["bot"] == "random"
    log = (await client.get(f"/api/v1/matches/{match_id}/log")).json()
    assert [e["actor"] for e in log["entries"] if not e["private"]][:3] == ["timeout"] * 3
    if seen["status"] == "active":
        back = await client.post(f"/api/v1/matches/{match_id}/reclaim", headers=ada.auth)
        assert back.status_code == 200
        assert back.json()["seats"][0]["away"] is False and back.json()["seats"][0]["bot"] is None


async def test_a_player_leaves_and_a_bot_plays_on(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    from tests.platform.helpers import start_match

    match_id = await start_match(client, ada, [bob])
    left = await client.post(f"/api/v1/matches/{match_id}/leave", headers=bob.auth)
    assert left.status_code == 200
    assert left.json()["seats"][1] == {
        "seat": 1,
        "name": "Bob",
        "bot": "random",
        "away": True,
        "connected": True,
    }
    chat = (await client.get(f"/api/v1/matches/{match_id}/chat")).json()["messages"]
    assert chat[-1]["name"] == "Bob" and "left the table" in chat[-1]["text"]
    blocked = await act(client, match_id, bob, {"type": "play", "card": "c-1"})
    assert blocked.status_code == 409  # the bot plays that seat now
    for _ in range(200):  # Ada plays; the bot answers for Bob
        seen = await envelope(client, match_id, ada)
        if seen["status"] != "active":
            break
        if 0 in seen["to_act"]:
            await act(client, match_id, ada, seen["legal_actions"][0], version=seen["version"])
        await asyncio.sleep(0.02)
    assert seen["status"] == "finished"
    log = (await client.get(f"/api/v1/matches/{match_id}/log")).json()
    assert {s["actor"] for s in log["replay"] if s["seat"] == 1} == {"bot"}
    stranger = await new_player(client, "Eve")
    assert (
        await client.post(f"/api/v1/matches/{match_id}/leave", headers=stranger.auth)
    ).status_code == 403

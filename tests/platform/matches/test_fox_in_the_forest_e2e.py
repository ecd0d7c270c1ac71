"""The issue's "done when": a client written from API.md plays whole matches of The Fox in the
Forest over REST, over WebSockets, and across two processes on Postgres + Redis, and neither
seat is ever sent the other seat's hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.platform.client import ApiClient, MatchSocket, open_table
from tests.servers import running, sqlite_env

pytestmark = pytest.mark.slow
GAME = "fox-in-the-forest"
MAX_ACTIONS = 3000


def hand_ids(envelope: dict[str, Any]) -> set[str]:
    return {card["id"] for card in envelope["view"].get("hand", [])}


def assert_no_foreign_hand(mine: dict[str, Any], other_hand: set[str]) -> None:
    """No card of the other seat's hand appears anywhere in what this seat was sent, except
    the cards the rules let it know (an exchanged decree is known to be in that hand)."""
    if mine["status"] != "active":
        return  # after the end everything is revealed
    sent = json.dumps(mine)
    known = {card["id"] for hand in mine["view"]["known"]["hands"] for card in hand}
    for card in other_hand - known:
        assert f'"{card}"' not in sent, f"{card} of the other hand leaked"


async def _play_rest(players: list[ApiClient], match_id: str) -> dict[str, Any]:
    rng = random.Random(match_id)
    path = f"/api/v1/matches/{match_id}"
    for _ in range(MAX_ACTIONS):
        views: list[dict[str, Any]] = [await p.ok("GET", f"{path}/state") for p in players]
        for seat in (0, 1):
            assert_no_foreign_hand(views[seat], hand_ids(views[1 - seat]))
        if views[0]["status"] != "active":
            return views[0]
        seat = views[0]["to_act"][0]
        mine = views[seat]
        await players[seat].ok(
            "POST",
            f"{path}/actions",
            {
                "action": rng.choice(mine["legal_actions"]),
                "version": mine["version"],
                "id": f"r{mine['version']}",
            },
        )
    raise AssertionError("the match did not end")


async def _play_ws(ws_bases: list[str], players: list[ApiClient], match_id: str) -> dict[str, Any]:
    rng = random.Random(match_id)
    sockets = [
        await MatchSocket.open(ws, match_id, p.token)
        for ws, p in zip(ws_bases, players, strict=True)
    ]
    try:
        for _ in range(MAX_ACTIONS):
            version = max(s.envelope["version"] for s in sockets)
            views = [await s.until_version(version) for s in sockets]
            for seat in (0, 1):
                assert_no_foreign_hand(views[seat], hand_ids(views[1 - seat]))
            if views[0]["status"] != "active":
                return views[0]
            seat = views[0]["to_act"][0]
            action = rng.choice(views[seat]["legal_actions"])
            await sockets[seat].act(action, version, f"w{version}")
            await sockets[1 - seat].until_version(version + 1)
        raise AssertionError("the match did not end")
    finally:
        for socket in sockets:
            await socket.close()


def _check_outcome(final: dict[str, Any]) -> None:
    assert final["status"] == "finished"
    outcome = final["outcome"]
    assert outcome["winners"] and max(outcome["scores"]) >= 21


async def test_a_third_party_client_plays_over_rest_and_websocket(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Two whole matches, every request of each player drawing on one bucket, as fast as the
    # server answers: more than the default 1,200 a minute once the server is quick enough.
    # The limit has its own tests; this one is about playing and secrecy.
    env = {**sqlite_env(tmp_path, "f.db"), "FOXDEN_RATE_PER_MINUTE": "100000"}
    with running(env, "app.server.asgi:app") as server:
        games = await (await ApiClient.register(server.url, "x")).ok("GET", "/api/v1/games")
        assert GAME in {g["id"] for g in games}
        ada = await ApiClient.register(server.url, "Ada")
        bob = await ApiClient.register(server.url, "Bob")
        # Over REST with all three Deluxe modules on; then over WebSockets.
        modules = {"special_cards": 9, "poison": True, "goals": True}
        _check_outcome(await _play_rest([ada, bob], await open_table(ada, [bob], GAME, modules)))
        match_id = await open_table(ada, [bob], GAME)
        _check_outcome(await _play_ws([server.ws_url] * 2, [ada, bob], match_id))
        log = await ada.ok("GET", f"/api/v1/matches/{match_id}/log")
        assert log["replay"] and len(log["replay"]) == log["version"]


async def test_two_processes_on_postgres_and_redis_play_a_whole_match(
    postgres_base_url: str, redis_url: str
) -> None:
    env = {"FOXDEN_DATABASE_URL": postgres_base_url, "FOXDEN_REDIS_URL": redis_url}
    with running(env, "app.server.asgi:app") as one, running(env, "app.server.asgi:app") as two:
        ada = await ApiClient.register(one.url, "Ada")
        bob = await ApiClient.register(two.url, "Bob")
        match_id = await open_table(ada, [bob], GAME)
        # Each seat on its own process: every push crosses Redis.
        _check_outcome(await _play_ws([one.ws_url, two.ws_url], [ada, bob], match_id))


async def test_one_person_plays_a_whole_match_against_the_random_bot(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = sqlite_env(tmp_path, "b.db")
    with running(env, "app.server.asgi:app") as server:
        ada = await ApiClient.register(server.url, "Ada")
        lobby = await ada.ok("POST", "/api/v1/lobbies", {"game": GAME, "seats": 2})
        await ada.ok("PUT", f"/api/v1/lobbies/{lobby['id']}/seats/1", {"bot": "random"})
        match_id = (await ada.ok("POST", f"/api/v1/lobbies/{lobby['id']}/start"))["match_id"]
        socket = await MatchSocket.open(server.ws_url, match_id, ada.token)
        rng = random.Random(1)
        try:
            for _ in range(MAX_ACTIONS):
                seen = socket.envelope
                if seen["status"] != "active":
                    break
                if 0 in seen["to_act"]:
                    await socket.send(
                        {
                            "type": "act",
                            "action": rng.choice(seen["legal_actions"]),
                            "version": seen["version"],
                        }
                    )
                await socket.until_version(seen["version"] + 1)
            _check_outcome(socket.envelope)
        finally:
            await socket.close()

"""Rated tables: no bots, ratings move with the result exactly once, history and boards."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from app.ratings.settle import settle, settle_pending
from tests.platform.playout import open_table, play_out, players, rated_match, seat_and_start


async def profile(http: httpx.AsyncClient, player_id: str) -> dict[str, Any]:
    response = await http.get(f"/api/v1/players/{player_id}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def standing(profile_json: dict[str, Any], game: str) -> dict[str, Any]:
    return next(g for g in profile_json["games"] if g["game"] == game)


async def board(http: httpx.AsyncClient, game: str, **query: Any) -> dict[str, Any]:
    response = await http.get(f"/api/v1/games/{game}/leaderboard", params=query)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def test_a_rated_table_refuses_bots(client: httpx.AsyncClient) -> None:
    (ada,) = await players(client, "Ada")
    lobby = await open_table(client, ada, "high-card", 2, rated=True)
    assert lobby["rated"] is True
    put = await client.put(
        f"/api/v1/lobbies/{lobby['id']}/seats/1", headers=ada.auth, json={"bot": "random"}
    )
    assert put.status_code == 409
    assert put.json()["error"]["code"] == "lobby/rated_no_bots"
    shown = (await client.get(f"/api/v1/lobbies/{lobby['id']}")).json()
    assert shown["rated"] is True and shown["seats"][1]["bot"] is None


async def test_a_table_with_a_bot_cannot_become_rated(client: httpx.AsyncClient) -> None:
    (ada,) = await players(client, "Ada")
    lobby = await open_table(client, ada, "high-card", 2)
    assert lobby["rated"] is False
    path = f"/api/v1/lobbies/{lobby['id']}"
    await client.put(f"{path}/seats/1", headers=ada.auth, json={"bot": "random"})
    patched = await client.patch(path, headers=ada.auth, json={"rated": True})
    assert patched.status_code == 409
    assert patched.json()["error"]["code"] == "lobby/rated_no_bots"
    await client.delete(f"{path}/seats/1", headers=ada.auth)
    patched = await client.patch(path, headers=ada.auth, json={"rated": True})
    assert patched.status_code == 200 and patched.json()["rated"] is True


async def test_the_winner_gains_and_the_loser_drops(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await rated_match(client, "high-card", [ada, bob])
    final = await play_out(client, match_id, [ada, bob])
    (winner_seat,) = final["outcome"]["winners"]
    winner, loser = (ada, bob) if winner_seat == 0 else (bob, ada)
    won, lost = await profile(client, winner.id), await profile(client, loser.id)
    assert standing(won, "high-card")["rating"] > 0 > standing(lost, "high-card")["rating"]
    assert standing(won, "high-card")["rated_matches"] == 1
    assert standing(won, "high-card")["rated_wins"] == 1
    assert standing(lost, "high-card")["win_rate"] == 0.0
    (point,) = won["history"]
    assert point["match_id"] == match_id and point["before"] == 0.0
    assert point["rating"] == standing(won, "high-card")["rating"]
    (recent,) = lost["recent"]
    assert recent["match_id"] == match_id and recent["rated"] and recent["won"] is False
    assert recent["rating_change"] < 0
    entries = (await board(client, "high-card"))["entries"]
    assert [e["player"]["id"] for e in entries] == [winner.id, loser.id]
    assert [e["rank"] for e in entries] == [1, 2]


async def test_an_unrated_table_changes_no_rating(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    lobby = await open_table(client, ada, "high-card", 2)
    match_id = await seat_and_start(client, lobby, ada, [bob])
    final = await play_out(client, match_id, [ada, bob])
    assert final["status"] == "finished"
    mine = await profile(client, ada.id)
    assert standing(mine, "high-card")["rating"] is None
    assert standing(mine, "high-card")["played"] == 1
    assert mine["history"] == [] and mine["recent"][0]["rated"] is False
    assert (await board(client, "high-card"))["entries"] == []


async def test_settling_again_changes_nothing(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await rated_match(client, "high-card", [ada, bob])
    await play_out(client, match_id, [ada, bob])
    before = await profile(client, ada.id)
    context = client.app.state.context  # type: ignore[attr-defined]
    assert await settle(context, match_id) is False
    assert await settle_pending(context) == 0
    again = await client.post(
        f"/api/v1/matches/{match_id}/actions", headers=ada.auth, json={"action": {"type": "x"}}
    )
    assert again.json()["error"]["code"] == "match/finished"
    after = await profile(client, ada.id)
    assert standing(after, "high-card") == standing(before, "high-card")
    assert len(after["history"]) == 1


async def test_a_match_left_uncounted_by_a_crash_is_counted_once_at_start(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process "crashes" between committing the final move and settling it."""

    async def crashed(_context: Any, _loaded: Any) -> None:
        return None

    monkeypatch.setattr("app.ratings.settle.settle_finished", crashed)
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await rated_match(client, "high-card", [ada, bob])
    await play_out(client, match_id, [ada, bob])
    assert standing(await profile(client, ada.id), "high-card")["rating"] is None
    context = client.app.state.context  # type: ignore[attr-defined]
    assert await settle_pending(context) == 1
    assert await settle_pending(context) == 0
    counted = await profile(client, ada.id)
    assert standing(counted, "high-card")["rated_matches"] == 1
    assert len(counted["history"]) == 1


async def test_two_settlers_at_once_count_the_match_once(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes (or a retry and the sweep) settling the same match at the same moment."""

    async def crashed(_context: Any, _loaded: Any) -> None:
        return None

    monkeypatch.setattr("app.ratings.settle.settle_finished", crashed)
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await rated_match(client, "high-card", [ada, bob])
    await play_out(client, match_id, [ada, bob])
    context = client.app.state.context  # type: ignore[attr-defined]
    done = await asyncio.gather(*(settle(context, match_id) for _ in range(4)))
    assert sorted(done) == [False, False, False, True]
    counted = await profile(client, bob.id)
    assert standing(counted, "high-card")["rated_matches"] == 1
    assert len(counted["history"]) == 1


async def test_a_rematch_of_a_rated_match_is_rated(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await rated_match(client, "high-card", [ada, bob])
    await play_out(client, match_id, [ada, bob])
    rematch = await client.post(f"/api/v1/matches/{match_id}/rematch", headers=bob.auth)
    assert rematch.status_code == 201, rematch.text
    assert rematch.json()["rated"] is True


async def test_ratings_accumulate_and_order_the_board(client: httpx.AsyncClient) -> None:
    ada, bob, cy = await players(client, "Ada", "Bob", "Cy")
    for seed in ("one", "two", "three"):
        match_id = await rated_match(client, "high-card", [ada, bob, cy])
        await play_out(client, match_id, [ada, bob, cy], seed)
    full = await board(client, "high-card")
    ratings = [entry["rating"] for entry in full["entries"]]
    assert full["total"] == 3 and ratings == sorted(ratings, reverse=True)
    assert all(entry["matches"] == 3 for entry in full["entries"])
    page = await board(client, "high-card", offset=1, limit=1)
    assert page["total"] == 3 and [e["rank"] for e in page["entries"]] == [2]
    assert page["entries"][0]["player"] == full["entries"][1]["player"]
    assert (await board(client, "high-card", min_matches=4))["entries"] == []


async def test_duet_keeps_a_team_record_per_level(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await rated_match(client, "fox-in-the-forest-duet", [ada, bob], {"level": 2})
    final = await play_out(client, match_id, [ada, bob])
    won = bool(final["outcome"]["winners"])
    mine = await profile(client, ada.id)
    assert standing(mine, "fox-in-the-forest-duet")["rating"] is None
    (record,) = mine["team_records"]
    assert record["partner"]["id"] == bob.id
    assert record["levels"] == [{"level": 2, "wins": int(won), "losses": int(not won)}]
    duet = await board(client, "fox-in-the-forest-duet")
    assert duet["kind"] == "record" and duet["entries"] == []
    (team,) = duet["teams"]
    assert {p["id"] for p in team["players"]} == {ada.id, bob.id}
    assert team["best_level"] == (2 if won else None)


async def test_unknown_games_and_players_are_refused(client: httpx.AsyncClient) -> None:
    missing = await client.get("/api/v1/games/chess/leaderboard")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "game/not_found"
    nobody = await client.get("/api/v1/players/nobody")
    assert nobody.status_code == 404 and nobody.json()["error"]["code"] == "player/not_found"
    bad = await client.get("/api/v1/games/high-card/leaderboard", params={"limit": 0})
    assert bad.status_code == 400

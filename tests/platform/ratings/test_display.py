"""Ratings that read like ratings: a display scale players know (1500 to start, never
negative), each seat's change at the end of a rated match, the seated players' ratings for a
lobby, and profiles that say against whom and when."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx

from app.ratings.display import display_change, display_rating
from tests.platform.playout import open_table, play_out, players, rated_match, seat_and_start


async def get_json(http: httpx.AsyncClient, path: str, **query: Any) -> dict[str, Any]:
    response = await http.get(path, params=query)
    assert response.status_code == 200, response.text
    return dict(response.json())


def standing(profile: dict[str, Any], game: str) -> dict[str, Any]:
    return next(g for g in profile["games"] if g["game"] == game)


def test_the_display_scale_starts_at_1500_and_is_never_negative() -> None:
    assert display_rating(0.0) == 1500
    assert display_rating(3.44) == 1534
    assert display_rating(-1.83) == 1482
    assert display_rating(-150.0) == 0 and display_rating(-10_000.0) == 0
    assert display_change(0.0, 3.44) == 34 and display_change(0.0, -1.83) == -18


async def test_a_new_player_who_loses_shows_a_positive_rating(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await rated_match(client, "high-card", [ada, bob])
    final = await play_out(client, match_id, [ada, bob])
    loser = bob if final["outcome"]["winners"] == [0] else ada
    lost = await get_json(client, f"/api/v1/players/{loser.id}")
    shown = standing(lost, "high-card")
    assert shown["rating"] < 0 < shown["display_rating"] < 1500
    assert shown["display_rating"] == display_rating(shown["rating"])
    (point,) = lost["history"]
    assert point["display_before"] == 1500
    assert point["display_rating"] == shown["display_rating"]
    (recent,) = lost["recent"]
    assert recent["display_change"] == shown["display_rating"] - 1500


async def test_a_rated_match_tells_each_seat_its_change(client: httpx.AsyncClient) -> None:
    ada, bob, cy = await players(client, "Ada", "Bob", "Cy")
    match_id = await rated_match(client, "high-card", [ada, bob, cy])
    final = await play_out(client, match_id, [ada, bob, cy])
    summary = await get_json(client, f"/api/v1/matches/{match_id}")
    changes = summary["rating_changes"]
    assert [c["seat"] for c in changes] == [0, 1, 2]
    assert [c["player_id"] for c in changes] == [ada.id, bob.id, cy.id]
    for change in changes:
        assert change["before"] == 1500
        assert change["change"] == change["after"] - change["before"]
        assert change["after"] == display_rating(change["rating_after"])
    winners = final["outcome"]["winners"]
    assert all(changes[seat]["change"] > 0 for seat in winners)
    board = await get_json(client, "/api/v1/games/high-card/leaderboard")
    shown = {e["player"]["id"]: e["display_rating"] for e in board["entries"]}
    assert shown == {c["player_id"]: c["after"] for c in changes}


async def test_the_second_match_starts_from_the_first_ones_result(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    first = await rated_match(client, "high-card", [ada, bob])
    await play_out(client, first, [ada, bob], "one")
    second = await rated_match(client, "high-card", [ada, bob])
    await play_out(client, second, [ada, bob], "two")
    before = (await get_json(client, f"/api/v1/matches/{first}"))["rating_changes"]
    after = (await get_json(client, f"/api/v1/matches/{second}"))["rating_changes"]
    assert [c["before"] for c in after] == [c["after"] for c in before]


async def test_an_unrated_match_carries_no_rating_changes(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    lobby = await open_table(client, ada, "high-card", 2)
    match_id = await seat_and_start(client, lobby, ada, [bob])
    running = await get_json(client, f"/api/v1/matches/{match_id}")
    assert running["rating_changes"] is None
    await play_out(client, match_id, [ada, bob])
    assert (await get_json(client, f"/api/v1/matches/{match_id}"))["rating_changes"] is None


async def test_a_rated_table_refuses_filling_with_bots(client: httpx.AsyncClient) -> None:
    (ada,) = await players(client, "Ada")
    lobby = await open_table(client, ada, "high-card", 3, rated=True)
    filled = await client.post(
        f"/api/v1/lobbies/{lobby['id']}/bots", headers=ada.auth, json={"bot": "random"}
    )
    assert filled.status_code == 409
    assert filled.json()["error"]["code"] == "lobby/rated_no_bots"
    shown = await get_json(client, f"/api/v1/lobbies/{lobby['id']}")
    assert all(seat["bot"] is None for seat in shown["seats"])


async def test_a_lobby_gets_its_seated_players_ratings_at_once(client: httpx.AsyncClient) -> None:
    ada, bob, cy = await players(client, "Ada", "Bob", "Cy")
    match_id = await rated_match(client, "high-card", [ada, bob])
    await play_out(client, match_id, [ada, bob])
    changes = (await get_json(client, f"/api/v1/matches/{match_id}"))["rating_changes"]
    seated = await get_json(
        client, "/api/v1/games/high-card/ratings", players=f"{cy.id},{bob.id},{ada.id}"
    )
    assert [r["player_id"] for r in seated["ratings"]] == [cy.id, bob.id, ada.id]
    newcomer, second, first = seated["ratings"]
    assert newcomer == {"player_id": cy.id, "rating": None, "display_rating": 1500, "matches": 0}
    assert first["display_rating"] == changes[0]["after"] and first["matches"] == 1
    assert second["display_rating"] == changes[1]["after"]


async def test_seated_ratings_refuse_what_names_no_table(client: httpx.AsyncClient) -> None:
    too_many = ",".join(f"p{i}" for i in range(9))
    for game, ids, status, code in (
        ("chess", "a", 404, "game/not_found"),
        ("high-card", too_many, 400, "request/malformed"),
        ("high-card", ",,", 400, "request/malformed"),
        ("high-card", "", 400, "request/malformed"),
    ):
        answer = await client.get(f"/api/v1/games/{game}/ratings", params={"players": ids})
        assert answer.status_code == status, (ids, answer.text)
        assert answer.json()["error"]["code"] == code


async def test_a_profile_names_opponents_and_dates(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    lobby = await open_table(client, ada, "high-card", 3)
    path = f"/api/v1/lobbies/{lobby['id']}"
    await client.put(f"{path}/seats/2", headers=ada.auth, json={"bot": "random"})
    match_id = await seat_and_start(client, lobby, ada, [bob])
    await play_out(client, match_id, [ada, bob])
    (recent,) = (await get_json(client, f"/api/v1/players/{ada.id}"))["recent"]
    opponents = recent["opponents"]
    assert [(o["seat"], o["player_id"], o["bot"]) for o in opponents] == [
        (1, bob.id, None),
        (2, None, "random"),
    ]
    assert opponents[0]["name"] == "Bob" and "bot" in opponents[1]["name"]
    assert datetime.fromisoformat(recent["started_at"]).tzinfo is not None

"""Resigning a running match: the other wins, the Duet's team loses, a bigger table plays on
with a bot in the resigned seat, which ranks last; the ending is a step like a move."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import select

from app.ratings.models import RatingChange
from app.ratings.settle import settle
from app.ratings.standing import places
from tests.platform.helpers import Player, envelope, new_player, start_match
from tests.platform.playout import play_out, players, rated_match


async def resign(client: httpx.AsyncClient, match_id: str, player: Player) -> httpx.Response:
    return await client.post(f"/api/v1/matches/{match_id}/resign", headers=player.auth)


def code(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def log_texts(client: httpx.AsyncClient, match_id: str) -> list[str]:
    log = (await client.get(f"/api/v1/matches/{match_id}/log")).json()
    return [entry["text"] for entry in log["entries"]]


async def test_with_two_seats_the_other_player_wins_once(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await start_match(client, ada, [bob])
    resigned = await resign(client, match_id, ada)
    assert resigned.status_code == 200, resigned.text
    ended = resigned.json()
    assert ended["status"] == "finished" and ended["version"] == 1
    assert ended["outcome"]["winners"] == [1] and ended["outcome"]["reason"] == "resigned"
    assert ended["outcome"]["detail"] == {"resigned": [0], "summary": "Ada resigned"}
    assert ended["seats"][0]["resigned"] is True and ended["legal_actions"] == []
    seen = await envelope(client, match_id, bob)
    assert seen["status"] == "finished" and seen["to_act"] == []
    assert (await log_texts(client, match_id))[-1] == "Ada resigned."
    again = await resign(client, match_id, ada)  # a retry: the same answer, nothing new
    assert again.status_code == 200 and again.json()["version"] == 1
    assert code(await resign(client, match_id, bob)) == (409, "match/finished")


async def test_only_a_seated_player_may_resign(client: httpx.AsyncClient) -> None:
    ada, bob, eve = await players(client, "Ada", "Bob", "Eve")
    match_id = await start_match(client, ada, [bob])
    assert code(await resign(client, match_id, eve)) == (403, "action/not_seated")
    missing = await client.post("/api/v1/matches/nope/resign", headers=eve.auth)
    assert missing.status_code == 404
    assert (await envelope(client, match_id, ada))["status"] == "active"


async def test_a_rated_resignation_moves_the_ratings(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await rated_match(client, "high-card", [ada, bob])
    assert (await resign(client, match_id, bob)).status_code == 200
    board = (await client.get("/api/v1/games/high-card/leaderboard")).json()
    assert [entry["player"]["id"] for entry in board["entries"]] == [ada.id, bob.id]
    assert board["entries"][0]["wins"] == 1 and board["entries"][1]["wins"] == 0


async def test_a_duet_team_that_resigns_loses_together(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await rated_match(client, "fox-in-the-forest-duet", [ada, bob])
    ended = (await resign(client, match_id, ada)).json()
    assert ended["status"] == "finished" and ended["outcome"]["winners"] == []
    board = (await client.get("/api/v1/games/fox-in-the-forest-duet/leaderboard")).json()
    (team,) = board["teams"]
    assert (team["wins"], team["losses"]) == (0, 1)


async def test_with_three_seats_a_bot_plays_on_and_the_seat_ranks_last(
    client: httpx.AsyncClient,
) -> None:
    ada, bob, cara = await players(client, "Ada", "Bob", "Cara")
    match_id = await rated_match(client, "high-card", [ada, bob, cara])
    after = (await resign(client, match_id, ada)).json()
    assert after["status"] == "active" and after["legal_actions"] == []
    seat = after["seats"][0]
    assert seat["resigned"] is True and seat["bot"] is not None and seat["away"] is True
    reclaim = await client.post(f"/api/v1/matches/{match_id}/reclaim", headers=ada.auth)
    assert code(reclaim) == (403, "action/not_seated")
    final = await play_out(client, match_id, [bob, cara])
    assert 0 not in final["outcome"]["winners"]
    assert final["outcome"]["detail"]["resigned"] == [0]
    # The bot may make the last move: its settling may still run; settling is idempotent.
    context = client.app.state.context  # type: ignore[attr-defined]
    await settle(context, match_id)
    async with context.db.sessions() as session:
        ranks = dict((await session.execute(select(RatingChange.seat, RatingChange.rank))).all())
    assert ranks[0] == max(ranks.values()) and ranks[0] > ranks[1] and ranks[0] > ranks[2]


async def test_the_last_seat_standing_wins(client: httpx.AsyncClient) -> None:
    ada, bob, cara = await players(client, "Ada", "Bob", "Cara")
    match_id = await start_match(client, ada, [bob, cara])
    assert (await resign(client, match_id, ada)).json()["status"] == "active"
    ended = (await resign(client, match_id, cara)).json()
    assert ended["status"] == "finished" and ended["outcome"]["winners"] == [1]
    assert ended["outcome"]["detail"]["resigned"] == [0, 2]


async def test_an_admin_abort_still_ends_the_match_once(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    bob = await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    admin = {"Authorization": "Bearer test-admin-token-0123456789abcdef"}
    path = f"/api/v1/admin/matches/{match_id}/abort"
    first = (await client.post(path, headers=admin)).json()
    second = (await client.post(path, headers=admin)).json()
    assert first["status"] == second["status"] == "aborted"
    assert first["version"] == second["version"] == 1
    assert code(await resign(client, match_id, ada)) == (409, "match/finished")


def test_a_resigned_seat_ranks_last_whatever_it_scored() -> None:
    outcome: dict[str, Any] = {
        "winners": [1],
        "scores": [5, 4, 1],
        "reason": "most_tricks",
        "detail": {"resigned": [0]},
    }
    assert places(outcome) == [3, 1, 2]
    assert places({**outcome, "detail": {}}) == [2, 1, 3]

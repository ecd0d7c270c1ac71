"""Learn to play over the API: a guided match is started, played to its script's end by the
learner's moves and the scripted bot, stays unrated, and hands over to the standard bot."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from app.games import GAMES
from tests.platform.helpers import Player, act, envelope, new_player, start_match
from tests.timing import settle


async def _step(client: httpx.AsyncClient, match_id: str, player: Player) -> dict[str, Any]:
    response = await client.get(f"/api/v1/tutorials/{match_id}", headers=player.auth)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def _start(client: httpx.AsyncClient, player: Player, game: str) -> str:
    response = await client.post("/api/v1/tutorials", headers=player.auth, json={"game": game})
    assert response.status_code == 201, response.text
    return str(response.json()["match_id"])


async def _play_the_script(client: httpx.AsyncClient, match_id: str, ada: Player) -> list[int]:
    """Make every move the coach asks for; the steps the learner was shown, in order."""
    shown: list[int] = []
    while True:
        await settle(client.app)  # type: ignore[attr-defined]
        step = await _step(client, match_id, ada)
        if step["finished"]:
            return shown
        assert step["asked"] is not None, "the scripted bot moved while it was its step"
        shown.append(step["step"])
        seen = await envelope(client, match_id, ada)
        assert step["asked"] in seen["legal_actions"]  # only a legal move is ever asked for
        answer = await act(client, match_id, ada, step["asked"], version=seen["version"])
        assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_guided_match_plays_its_script_to_the_farewell(
    client: httpx.AsyncClient, game: str
) -> None:
    ada = await new_player(client, "Ada")
    match_id = await _start(client, ada, game)
    tutorial = GAMES[game].tutorial
    first = await _step(client, match_id, ada)
    assert first["welcome"] == tutorial.welcome and first["steps"] == len(tutorial.steps)
    shown = await _play_the_script(client, match_id, ada)
    learner_steps = [i for i, s in enumerate(tutorial.steps) if s.seat == tutorial.learner]
    assert shown == learner_steps  # every one of the learner's steps, in order
    last = await _step(client, match_id, ada)
    assert last["farewell"] == tutorial.farewell and last["asked"] is None
    summary = (await client.get(f"/api/v1/matches/{match_id}", headers=ada.auth)).json()
    assert [seat["bot"] for seat in summary["seats"]][1:] == ["tutorial"] * (tutorial.players - 1)


async def test_a_guided_match_is_unrated_and_private_and_its_rematch_a_real_one(
    client: httpx.AsyncClient,
) -> None:
    """One finished guided match (its script played out) for both: what it leaves behind, then
    what a rematch of it starts."""
    ada = await new_player(client, "Ada")
    match_id = await _start(client, ada, "oh-fox")  # a whole match at two seats
    await _play_the_script(client, match_id, ada)
    summary = (await client.get(f"/api/v1/matches/{match_id}", headers=ada.auth)).json()
    assert summary["status"] == "finished"
    assert not summary.get("rating_changes")
    board = await client.get("/api/v1/games/oh-fox/leaderboard")
    assert board.status_code == 200 and ada.id not in board.text
    bob = await new_player(client, "Bob")
    watched = await client.get(f"/api/v1/matches/{match_id}/state", headers=bob.auth)
    assert watched.status_code == 403  # a private table: the learner's alone
    lobbies = (await client.get("/api/v1/lobbies", headers=bob.auth)).json()
    assert all(lobby["game"] != "oh-fox" for lobby in lobbies)  # never listed as open
    rematch = await client.post(f"/api/v1/matches/{match_id}/rematch", headers=ada.auth)
    assert rematch.status_code in (200, 201), rematch.text
    seats = rematch.json()["seats"]
    assert [seat["bot"] for seat in seats] == [None, "standard"]  # no script the second time


async def test_after_the_script_the_standard_bot_plays_on(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    match_id = await _start(client, ada, "fox-in-the-forest")
    await _play_the_script(client, match_id, ada)
    await settle(client.app)  # type: ignore[attr-defined]
    seen = await envelope(client, match_id, ada)
    # The bot dealt the next round by itself, with the scores the coach's farewell tells.
    assert seen["status"] == "active" and seen["view"]["round"] == 2
    assert seen["view"]["scores"] == [7, 4]
    if seen["to_act"] == [0]:
        legal = seen["legal_actions"]
        assert (await act(client, match_id, ada, legal[0])).status_code == 200
        await settle(client.app)  # type: ignore[attr-defined]
        seen = await envelope(client, match_id, ada)
    assert seen["to_act"] == [0] and seen["legal_actions"]  # the bot answered: the learner's turn


async def test_a_move_off_the_script_leaves_it_and_the_bot_still_plays(
    client: httpx.AsyncClient,
) -> None:
    """The page refuses other moves with the coach's hint; a client that sends one anyway
    leaves the script (the coach says so) and the game goes on with the standard bot."""
    ada = await new_player(client, "Ada")
    match_id = await _start(client, ada, "fox-on-the-tree")  # the learner moves first
    step = await _step(client, match_id, ada)
    seen = await envelope(client, match_id, ada)
    other = next(a for a in seen["legal_actions"] if a["type"] == "move" and a != step["asked"])
    assert (await act(client, match_id, ada, other)).status_code == 200
    await settle(client.app)  # type: ignore[attr-defined]
    left = await _step(client, match_id, ada)
    assert left["step"] is None and left["asked"] is None and not left["finished"]
    after = await envelope(client, match_id, ada)
    assert after["to_act"] == [0] and after["version"] == seen["version"] + 2  # the bot moved


async def test_refusals(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    unknown = await client.post("/api/v1/tutorials", headers=ada.auth, json={"game": "chess"})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "game/not_found"
    anonymous = await client.post("/api/v1/tutorials", json={"game": "oh-fox"})
    assert anonymous.status_code == 401
    ordinary = await start_match(client, ada, [bob])
    plain = await client.get(f"/api/v1/tutorials/{ordinary}", headers=ada.auth)
    assert plain.status_code == 404 and plain.json()["error"]["code"] == "tutorial/not_found"
    guided = await _start(client, ada, "oh-fox")
    stranger = await client.get(f"/api/v1/tutorials/{guided}", headers=bob.auth)
    assert stranger.status_code == 403
    missing = await client.get("/api/v1/tutorials/nope", headers=ada.auth)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "match/not_found"

"""A match that is over exports as one document the engine alone replays to the same end;
its replay steps show every seat's view; neither opens while the match runs."""

from __future__ import annotations

import hashlib
from typing import Any

import httpx
import orjson
import pytest

from app.games import REGISTRY
from tests.platform.helpers import Player, new_player
from tests.platform.playout import open_table, play_out, players, seat_and_start

ADMIN = {"Authorization": "Bearer test-admin-token-0123456789abcdef"}
GAMES = sorted(game for game in REGISTRY if game != "high-card")


async def bot_match(http: httpx.AsyncClient, game: str, seats: int) -> tuple[Player, str]:
    """Ada and bots of every strategy the game offers."""
    ada = await new_player(http, "Ada")
    lobby = await open_table(http, ada, game, seats)
    catalogue = (await http.get("/api/v1/games")).json()
    bots = next(g["bots"] for g in catalogue if g["id"] == game)
    for seat in range(1, seats):
        put = await http.put(
            f"/api/v1/lobbies/{lobby['id']}/seats/{seat}",
            headers=ada.auth,
            json={"bot": bots[seat % len(bots)]},
        )
        assert put.status_code == 200, put.text
    return ada, await seat_and_start(http, lobby, ada, [])


def replay_with_the_engine(document: dict[str, Any]) -> Any:
    """The document's actions through its engine, and nothing of the server."""
    engine = REGISTRY[document["game"]]
    assert engine.version == document["engine_version"]
    state = engine.setup(document["players"], document["options"], document["seed"])
    for step in document["actions"]:
        if step["seat"] is None:  # an admin's abort ends the history
            break
        state = engine.apply(state, step["seat"], step["action"]).state
    return state


def outcome_json(outcome: Any) -> dict[str, Any] | None:
    if outcome is None:
        return None
    # Through JSON, as the server stores it (tuples become lists).
    return dict(
        orjson.loads(
            orjson.dumps(
                {
                    "winners": list(outcome.winners),
                    "scores": list(outcome.scores),
                    "reason": outcome.reason,
                    "detail": dict(outcome.detail),
                }
            )
        )
    )


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("game", GAMES)
async def test_an_exported_match_replays_exactly(client: httpx.AsyncClient, game: str) -> None:
    engine = REGISTRY[game]
    ada, match_id = await bot_match(client, game, engine.seats.stop - 1)
    await play_out(client, match_id, [ada], seed=game)
    response = await client.get(f"/api/v1/matches/{match_id}/export")
    assert response.status_code == 200, response.text
    document = response.json()
    assert document["format"] == "foxden-match/1" and document["status"] == "finished"
    final = replay_with_the_engine(document)
    encoded = orjson.dumps(engine.encode(final), option=orjson.OPT_NON_STR_KEYS)
    stored = (await client.get(f"/api/v1/admin/matches/{match_id}/state", headers=ADMIN)).json()
    assert orjson.loads(encoded) == stored["state"]
    assert hashlib.sha256(encoded).hexdigest() == document["final_state_sha256"]
    assert outcome_json(engine.outcome(final)) == document["outcome"]
    assert len(document["actions"]) == stored["version"]
    assert [s["bot"] is None for s in document["seats"]] == [
        True,
        *[False] * (len(document["seats"]) - 1),
    ]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("game", GAMES)
async def test_the_replay_shows_every_seat_at_every_step(
    client: httpx.AsyncClient, game: str
) -> None:
    ada, match_id = await bot_match(client, game, REGISTRY[game].seats.start)
    final = await play_out(client, match_id, [ada], seed=game)
    path = f"/api/v1/matches/{match_id}/replay"
    index = (await client.get(path)).json()
    assert index["steps"] == final["version"] and index["status"] == "finished"
    assert index["marks"] and index["marks"][0]["step"] == 0
    first = (await client.get(f"{path}/0")).json()
    assert first["action"] is None and first["step"] == 0
    last = (await client.get(f"{path}/{index['steps']}")).json()
    assert last["spectator"]["view"] == final["view"]
    assert last["spectator"]["outcome"] == final["outcome"]
    mine = (await client.get(f"/api/v1/matches/{match_id}/state", headers=ada.auth)).json()
    assert last["views"][0]["view"] == mine["view"]
    middle = (await client.get(f"{path}/{index['steps'] // 2}")).json()
    assert [v["seat"] for v in middle["views"]] == list(range(len(final["seats"])))
    assert middle["spectator"]["status"] == "active"
    assert all(v["legal_actions"] == [] for v in middle["views"])
    assert middle["action"]["seq"] == index["steps"] // 2
    beyond = await client.get(f"{path}/{index['steps'] + 1}")
    assert beyond.status_code == 422 and beyond.json()["error"]["code"] == "match/no_such_step"


async def test_a_live_match_has_no_replay_and_no_export(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    lobby = await open_table(client, ada, "high-card", 2)
    match_id = await seat_and_start(client, lobby, ada, [bob])
    for who in (ada.auth, bob.auth, {}, ADMIN):
        for route in ("export", "replay", "replay/0", "replay/1"):
            response = await client.get(f"/api/v1/matches/{match_id}/{route}", headers=who)
            assert response.status_code == 409, (route, response.text)
            assert response.json()["error"]["code"] == "match/not_finished"


async def test_a_private_match_replays_only_for_its_players(client: httpx.AsyncClient) -> None:
    ada, bob, eve = await players(client, "Ada", "Bob", "Eve")
    lobby = await open_table(client, ada, "high-card", 2, private=True)
    join = await client.post(
        f"/api/v1/lobbies/{lobby['id']}/join",
        headers=bob.auth,
        json={"invite_code": lobby["invite_code"]},
    )
    assert join.status_code == 200, join.text
    await client.post(f"/api/v1/lobbies/{lobby['id']}/ready", headers=bob.auth, json={})
    match_id = await seat_and_start(client, lobby, ada, [])
    await play_out(client, match_id, [ada, bob])
    for route in ("export", "replay", "replay/0"):
        path = f"/api/v1/matches/{match_id}/{route}"
        assert (await client.get(path, headers=bob.auth)).status_code == 200
        stranger = await client.get(path, headers=eve.auth)
        assert stranger.status_code == 403, stranger.text
    assert (await client.get("/api/v1/matches/nothing/export")).status_code == 404


async def test_an_aborted_match_exports_up_to_the_abort(client: httpx.AsyncClient) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    lobby = await open_table(client, ada, "high-card", 2)
    match_id = await seat_and_start(client, lobby, ada, [bob])
    envelope = (await client.get(f"/api/v1/matches/{match_id}/state", headers=ada.auth)).json()
    await client.post(
        f"/api/v1/matches/{match_id}/actions",
        headers=ada.auth,
        json={"action": envelope["legal_actions"][0]},
    )
    aborted = await client.post(f"/api/v1/admin/matches/{match_id}/abort", headers=ADMIN)
    assert aborted.status_code == 200, aborted.text
    document = (await client.get(f"/api/v1/matches/{match_id}/export")).json()
    assert document["status"] == "aborted" and document["outcome"] is None
    assert document["actions"][-1]["seat"] is None
    final = replay_with_the_engine(document)
    encoded = orjson.dumps(REGISTRY["high-card"].encode(final), option=orjson.OPT_NON_STR_KEYS)
    assert hashlib.sha256(encoded).hexdigest() == document["final_state_sha256"]
    index = (await client.get(f"/api/v1/matches/{match_id}/replay")).json()
    assert index["steps"] == 2 and index["status"] == "aborted"

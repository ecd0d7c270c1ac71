"""Bot accounts: marked for good by their owner, shown as bots everywhere, rated apart."""

from __future__ import annotations

from typing import Any

import httpx

from app.core.clock import ManualClock
from tests.platform.accounts.helpers import claimed, code, sign_in
from tests.platform.helpers import Player, new_player
from tests.platform.playout import open_table, play_out, rated_match, seat_and_start

BOT = "/api/v1/players/me/bot"


async def bot_account(http: httpx.AsyncClient, name: str) -> Player:
    player = await claimed(http, name, name.lower())
    upgraded = await http.post(BOT, headers=player.auth)
    assert upgraded.status_code == 200, upgraded.text
    return player


async def get_json(http: httpx.AsyncClient, path: str, player: Player | None = None) -> Any:
    response = await http.get(path, headers=player.auth if player else {})
    assert response.status_code == 200, response.text
    return response.json()


async def test_an_account_becomes_a_bot_for_good_and_asking_again_answers_the_same(
    client: httpx.AsyncClient,
) -> None:
    ada = await claimed(client, "Ada", "adabot")
    first = await client.post(BOT, headers=ada.auth)
    again = await client.post(BOT, headers=ada.auth)
    assert first.status_code == again.status_code == 200
    expected = {"id": ada.id, "name": "Ada", "username": "adabot", "is_bot": True}
    assert first.json() == again.json() == expected
    assert (await get_json(client, "/api/v1/players/me", ada))["is_bot"] is True
    signed_in = await client.post(
        "/api/v1/sessions", json={"username": "adabot", "password": "correct horse battery"}
    )
    assert signed_in.json()["player"]["is_bot"] is True
    profile = await get_json(client, f"/api/v1/players/{ada.id}")
    assert profile["is_bot"] is True and profile["pool"] == "bots"


async def test_a_guest_cannot_become_a_bot(client: httpx.AsyncClient) -> None:
    guest = await new_player(client, "Guest")
    assert code(await client.post(BOT, headers=guest.auth)) == (404, "account/not_found")
    assert (await get_json(client, "/api/v1/players/me", guest))["is_bot"] is False


async def test_an_account_with_a_rated_match_cannot_become_a_bot(
    client: httpx.AsyncClient,
) -> None:
    ada = await claimed(client, "Ada", "ada")
    bob = await new_player(client, "Bob")
    match_id = await rated_match(client, "high-card", [ada, bob])
    await play_out(client, match_id, [ada, bob])
    refused = await client.post(BOT, headers=ada.auth)
    assert code(refused) == (409, "account/rated_history")
    assert (await get_json(client, "/api/v1/players/me", ada))["is_bot"] is False


async def test_an_account_seated_at_a_table_cannot_become_a_bot(
    client: httpx.AsyncClient,
) -> None:
    ada = await claimed(client, "Ada", "ada")
    lobby = await open_table(client, ada, "high-card", 2)
    assert code(await client.post(BOT, headers=ada.auth)) == (409, "account/in_play")
    await client.post(f"/api/v1/lobbies/{lobby['id']}/leave", headers=ada.auth)
    assert (await client.post(BOT, headers=ada.auth)).status_code == 200


async def test_a_table_left_idle_does_not_keep_an_account_from_becoming_a_bot(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    ada = await claimed(client, "Ada", "ada")
    await open_table(client, ada, "high-card", 2)
    assert code(await client.post(BOT, headers=ada.auth)) == (409, "account/in_play")
    await clock.advance(25 * 3600)  # past FOXDEN_LOBBY_IDLE_HOURS (24): the table reads closed
    assert (await client.post(BOT, headers=ada.auth)).status_code == 200


async def test_a_bot_account_is_marked_at_the_table_in_the_match_and_in_my_games(
    client: httpx.AsyncClient,
) -> None:
    robo = await bot_account(client, "Robo")
    ada = await new_player(client, "Ada")
    lobby = await open_table(client, ada, "high-card", 2)
    match_id = await seat_and_start(client, lobby, ada, [robo])
    seats = (await get_json(client, f"/api/v1/lobbies/{lobby['id']}"))["seats"]
    assert [s["player"]["is_bot"] for s in seats] == [False, True]
    state = await get_json(client, f"/api/v1/matches/{match_id}/state", ada)
    assert [s["is_bot"] for s in state["seats"]] == [False, True]
    mine = await get_json(client, "/api/v1/players/me/matches", robo)
    assert [s["is_bot"] for s in mine["active"][0]["seats"]] == [False, True]


async def test_a_person_s_rated_table_refuses_a_bot_account(client: httpx.AsyncClient) -> None:
    robo = await bot_account(client, "Robo")
    ada = await new_player(client, "Ada")
    lobby = await open_table(client, ada, "high-card", 2, rated=True)
    joined = await client.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=robo.auth, json={})
    assert code(joined) == (409, "lobby/rated_mixed")
    shown = await get_json(client, f"/api/v1/lobbies/{lobby['id']}")
    assert shown["seats"][1]["player"] is None


async def test_a_bot_s_rated_table_refuses_a_person_and_a_mixed_table_cannot_become_rated(
    client: httpx.AsyncClient,
) -> None:
    robo = await bot_account(client, "Robo")
    ada = await new_player(client, "Ada")
    rated = await open_table(client, robo, "high-card", 2, rated=True)
    joined = await client.post(f"/api/v1/lobbies/{rated['id']}/join", headers=ada.auth, json={})
    assert code(joined) == (409, "lobby/rated_mixed")
    await client.post(f"/api/v1/lobbies/{rated['id']}/leave", headers=robo.auth)
    casual = await open_table(client, robo, "high-card", 2)
    path = f"/api/v1/lobbies/{casual['id']}"
    assert (await client.post(f"{path}/join", headers=ada.auth, json={})).status_code == 200
    patched = await client.patch(path, headers=robo.auth, json={"rated": True})
    assert code(patched) == (409, "lobby/rated_mixed")


async def test_bot_accounts_are_rated_in_their_own_pool(client: httpx.AsyncClient) -> None:
    robo, droid = await bot_account(client, "Robo"), await bot_account(client, "Droid")
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    for pair in ([robo, droid], [ada, bob]):
        match_id = await rated_match(client, "high-card", pair)
        await play_out(client, match_id, pair)
    board = "/api/v1/games/high-card/leaderboard"
    people = await get_json(client, board)
    bots = await get_json(client, board + "?pool=bots")
    assert people["pool"] == "people" and bots["pool"] == "bots"
    assert {e["player"]["id"] for e in people["entries"]} == {ada.id, bob.id}
    assert {e["player"]["id"] for e in bots["entries"]} == {robo.id, droid.id}
    assert all(e["player"]["is_bot"] for e in bots["entries"])
    assert not any(e["player"]["is_bot"] for e in people["entries"])
    assert code(await client.get(board + "?pool=robots")) == (400, "request/malformed")


async def test_signing_in_as_a_bot_account_names_it_a_bot(client: httpx.AsyncClient) -> None:
    await bot_account(client, "Robo")
    again = await sign_in(client, "robo")
    assert (await get_json(client, "/api/v1/players/me", again))["is_bot"] is True

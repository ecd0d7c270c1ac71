"""Filling a table with bots in one go, and one name per bot from the lobby to the table."""

from __future__ import annotations

import httpx

from tests.platform.helpers import new_player


async def _lobby(client: httpx.AsyncClient, host, seats: int):  # type: ignore[no-untyped-def]
    response = await client.post(
        "/api/v1/lobbies", headers=host.auth, json={"game": "high-card", "seats": seats}
    )
    assert response.status_code == 201, response.text
    return response.json()


async def test_fill_puts_the_chosen_bot_in_every_empty_seat_only(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    lobby = await _lobby(client, ada, 3)
    lid = lobby["id"]
    await client.post(f"/api/v1/lobbies/{lid}/join", headers=bob.auth, json={"seat": 1})
    filled = await client.post(
        f"/api/v1/lobbies/{lid}/bots", headers=ada.auth, json={"bot": "random"}
    )
    assert filled.status_code == 200, filled.text
    seats = filled.json()["seats"]
    assert [s["bot"] for s in seats] == [None, None, "random"]
    assert seats[1]["player"]["name"] == "Bob"  # a player's seat is never taken
    assert all(s["ready"] for s in seats if s["bot"])
    # Nothing left to fill: the same table, unchanged.
    again = await client.post(
        f"/api/v1/lobbies/{lid}/bots", headers=ada.auth, json={"bot": "random"}
    )
    assert again.status_code == 200 and again.json()["seats"] == seats


async def test_fill_is_for_the_host_and_known_strategies(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    lobby = await _lobby(client, ada, 3)
    lid = lobby["id"]
    await client.post(f"/api/v1/lobbies/{lid}/join", headers=bob.auth, json={})
    by_guest = await client.post(
        f"/api/v1/lobbies/{lid}/bots", headers=bob.auth, json={"bot": "random"}
    )
    assert (by_guest.status_code, by_guest.json()["error"]["code"]) == (403, "lobby/not_host")
    unknown = await client.post(
        f"/api/v1/lobbies/{lid}/bots", headers=ada.auth, json={"bot": "genius"}
    )
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (422, "lobby/bad_options")
    assert "random" in unknown.json()["error"]["message"]  # the message names the choices
    malformed = await client.post(f"/api/v1/lobbies/{lid}/bots", headers=ada.auth, json={})
    assert malformed.status_code == 400
    after = (await client.get(f"/api/v1/lobbies/{lid}")).json()
    assert [s["bot"] for s in after["seats"]] == [None, None, None]


async def test_a_bot_has_the_same_name_in_the_lobby_and_at_the_table(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada")
    lobby = await _lobby(client, ada, 3)
    lid = lobby["id"]
    filled = (
        await client.post(f"/api/v1/lobbies/{lid}/bots", headers=ada.auth, json={"bot": "random"})
    ).json()
    lobby_names = [s["name"] for s in filled["seats"]]
    assert lobby_names == ["Ada", "Random bot 2", "Random bot 3"]
    started = await client.post(f"/api/v1/lobbies/{lid}/start", headers=ada.auth)
    match = (await client.get(f"/api/v1/matches/{started.json()['match_id']}")).json()
    assert [s["name"] for s in match["seats"]] == lobby_names


async def test_an_empty_seat_has_no_name(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    lobby = await _lobby(client, ada, 2)
    assert [s["name"] for s in lobby["seats"]] == ["Ada", None]

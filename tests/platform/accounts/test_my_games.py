"""GET /api/v1/players/me/matches: what waits for me, the tables I sit at, what I finished."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import httpx

from app.core.clock import ManualClock
from tests.platform.accounts.helpers import claimed, code, sign_in
from tests.platform.helpers import Player, act, envelope, new_player, start_match, start_timed_match
from tests.timing import settle

MINE = "/api/v1/players/me/matches"


async def my_games(http: httpx.AsyncClient, player: Player, **params: Any) -> dict[str, Any]:
    response = await http.get(MINE, headers=player.auth, params=params)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def play_first_card(http: httpx.AsyncClient, match_id: str, player: Player) -> None:
    legal = (await envelope(http, match_id, player))["legal_actions"]
    response = await act(http, match_id, player, legal[0])
    assert response.status_code == 200, response.text


async def test_the_match_waiting_for_me_is_flagged_with_its_deadline(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    ada, bob, match_id = await start_timed_match(client, 3600)
    mine, theirs = await my_games(client, ada), await my_games(client, bob)
    assert (mine["waiting"], theirs["waiting"]) == (1, 0)
    [entry] = mine["active"]
    assert (entry["id"], entry["game"], entry["seat"], entry["my_turn"]) == (
        match_id,
        "high-card",
        0,
        True,
    )
    assert datetime.fromisoformat(entry["deadline"]) == clock.now() + timedelta(seconds=3600)
    assert [s["name"] for s in entry["seats"]] == ["Ada", "Bob"]
    assert theirs["active"][0]["my_turn"] is False
    await play_first_card(client, match_id, ada)
    assert (await my_games(client, ada))["waiting"] == 0
    assert (await my_games(client, bob))["active"][0]["my_turn"] is True


async def test_my_turns_come_first(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    waiting_for_bob = await start_match(client, ada, [bob])
    await play_first_card(client, waiting_for_bob, ada)
    waiting_for_ada = await start_match(client, ada, [bob])
    listed = (await my_games(client, ada))["active"]
    assert [(m["id"], m["my_turn"]) for m in listed] == [
        (waiting_for_ada, True),
        (waiting_for_bob, False),
    ]


async def test_open_tables_i_sit_at_are_listed_until_they_start(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    body = {"game": "high-card", "seats": 3, "private": True}
    lobby = (await client.post("/api/v1/lobbies", headers=ada.auth, json=body)).json()
    join = {"invite_code": lobby["invite_code"]}
    await client.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json=join)
    [hosted] = (await my_games(client, ada))["lobbies"]
    assert (hosted["id"], hosted["host"], hosted["seats"], hosted["filled"]) == (
        lobby["id"],
        True,
        3,
        2,
    )
    [joined] = (await my_games(client, bob))["lobbies"]
    assert (joined["host"], joined["ready"], joined["private"]) == (False, False, True)
    assert "invite_code" not in joined
    assert (await my_games(client, await new_player(client, "Cy")))["lobbies"] == []
    await client.post(f"/api/v1/lobbies/{lobby['id']}/leave", headers=bob.auth)
    assert (await my_games(client, bob))["lobbies"] == []


async def test_finished_matches_come_most_recent_first_in_pages(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    finished = []
    for _ in range(3):
        match_id = await start_match(client, ada, [bob], options={"tricks": 1})
        await play_first_card(client, match_id, ada)
        await play_first_card(client, match_id, bob)
        finished.append(match_id)
        await clock.advance(1)
    first = await my_games(client, ada, limit=2)
    assert first["active"] == [] and first["finished_total"] == 3
    assert [m["id"] for m in first["finished"]] == finished[::-1][:2]
    assert first["next_offset"] == 2
    rest = await my_games(client, ada, limit=2, offset=2)
    assert [m["id"] for m in rest["finished"]] == finished[:1]
    assert rest["next_offset"] is None
    match = rest["finished"][0]
    assert match["status"] == "finished" and match["my_turn"] is False
    assert match["won"] == (0 in match["outcome"]["winners"])
    assert "view" not in match and "state" not in match


async def test_an_unchanged_list_answers_304_to_its_etag(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    first = await client.get(MINE, headers=ada.auth)
    tag = first.headers["ETag"]
    assert "private" in first.headers["Cache-Control"]
    same = await client.get(MINE, headers={**ada.auth, "If-None-Match": tag})
    assert (same.status_code, same.content, same.headers["ETag"]) == (304, b"", tag)
    await play_first_card(client, match_id, ada)
    changed = await client.get(MINE, headers={**ada.auth, "If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert changed.json()["waiting"] == 0


async def test_the_list_changes_when_a_bot_moves(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    match_id = await start_match(client, ada, [], bots={1: "random"})
    before = await my_games(client, ada)
    assert before["active"][0]["my_turn"] is True
    await play_first_card(client, match_id, ada)
    await settle(client.app)  # type: ignore[attr-defined]
    after = (await my_games(client, ada))["active"][0]
    # The bot answered Ada's lead and the next trick is hers again.
    assert after["version"] >= before["active"][0]["version"] + 2
    assert after["my_turn"] is True


async def test_every_device_of_an_account_sees_the_same_games(client: httpx.AsyncClient) -> None:
    phone, bob = await claimed(client, "Ada", "ada"), await new_player(client, "Bob")
    match_id = await start_match(client, phone, [bob])
    desktop = await sign_in(client, "ada")
    assert (await my_games(client, desktop))["active"][0]["id"] == match_id
    assert await my_games(client, desktop) == await my_games(client, phone)


async def test_my_games_needs_a_token_and_a_sane_page(client: httpx.AsyncClient) -> None:
    assert code(await client.get(MINE)) == (401, "auth/missing")
    ada = await new_player(client, "Ada")
    for params in ({"limit": 0}, {"limit": 51}, {"offset": -1}, {"limit": "x"}):
        response = await client.get(MINE, headers=ada.auth, params=params)
        assert code(response) == (400, "request/malformed"), params

"""The move pipeline over REST: whole matches, refusals with codes, idempotency, secrecy."""

from __future__ import annotations

import json

import httpx

from tests.platform.helpers import Player, act, envelope, new_player, start_match


def _code(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def _two(client: httpx.AsyncClient) -> tuple[Player, Player, str]:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    return ada, bob, await start_match(client, ada, [bob])


async def _hand_of(client: httpx.AsyncClient, match_id: str, player: Player) -> list[str]:
    return list((await envelope(client, match_id, player))["view"]["hand"])


async def test_two_seats_play_a_whole_match(client: httpx.AsyncClient) -> None:
    ada, bob, match_id = await _two(client)
    players = [ada, bob]
    for _ in range(100):
        seen = await envelope(client, match_id, ada)
        if seen["status"] != "active":
            break
        actor = players[seen["to_act"][0]]
        mine = await envelope(client, match_id, actor)
        response = await act(
            client, match_id, actor, mine["legal_actions"][0], version=mine["version"]
        )
        assert response.status_code == 200, response.text
        assert response.json()["version"] == mine["version"] + 1
    final = await envelope(client, match_id, bob)
    assert final["status"] == "finished" and final["to_act"] == []
    assert final["outcome"]["reason"] == "most_tricks"
    summary = (await client.get(f"/api/v1/matches/{match_id}")).json()
    assert summary["status"] == "finished" and [s["name"] for s in summary["seats"]] == [
        "Ada",
        "Bob",
    ]
    refused = await act(client, match_id, ada, {"type": "play", "card": "c-1"})
    assert _code(refused) == (409, "match/finished")


async def test_names_replace_seat_placeholders(client: httpx.AsyncClient) -> None:
    _ada, bob, match_id = await _two(client)
    assert (await envelope(client, match_id, bob))["view"]["prompt"] == "Waiting for Ada."


async def test_refusals_have_codes_and_change_nothing(client: httpx.AsyncClient) -> None:
    ada, bob, match_id = await _two(client)
    stranger = await new_player(client, "Eve")
    card = (await _hand_of(client, match_id, ada))[0]
    bob_card = (await _hand_of(client, match_id, bob))[0]
    cases = [
        (
            await act(client, match_id, stranger, {"type": "play", "card": card}),
            (403, "action/not_seated"),
        ),
        (
            await act(client, match_id, bob, {"type": "play", "card": bob_card}),
            (409, "action/not_your_turn"),
        ),
        (
            await act(client, match_id, ada, {"type": "play", "card": bob_card}),
            (422, "action/illegal"),
        ),
        (await act(client, match_id, ada, {"type": "dance"}), (422, "action/malformed")),
        (
            await act(client, match_id, ada, {"type": "play", "card": card}, version=7),
            (409, "action/stale_version"),
        ),
    ]
    for response, expected in cases:
        assert _code(response) == expected, response.text
        assert response.json()["error"]["message"]
    assert (await envelope(client, match_id, ada))["version"] == 0
    missing = await client.get("/api/v1/matches/nope/state")
    assert _code(missing) == (404, "match/not_found")


async def test_a_repeated_action_id_is_applied_once(client: httpx.AsyncClient) -> None:
    ada, _bob, match_id = await _two(client)
    card = (await _hand_of(client, match_id, ada))[0]
    first = await act(client, match_id, ada, {"type": "play", "card": card}, id="c-1")
    again = await act(client, match_id, ada, {"type": "play", "card": card}, id="c-1")
    assert first.status_code == again.status_code == 200
    assert first.json()["version"] == again.json()["version"] == 1
    log = (await client.get(f"/api/v1/matches/{match_id}/log", headers=ada.auth)).json()
    assert [entry["seq"] for entry in log["entries"] if not entry["private"]] == [1]


async def test_no_envelope_shows_another_seats_hand(client: httpx.AsyncClient) -> None:
    ada, bob, match_id = await _two(client)
    ada_hand = await _hand_of(client, match_id, ada)
    bob_hand = await _hand_of(client, match_id, bob)
    spectator = json.dumps(await envelope(client, match_id, None))
    as_bob = json.dumps(await envelope(client, match_id, bob))
    for card in ada_hand:
        assert f'"{card}"' not in as_bob and f'"{card}"' not in spectator
    for card in bob_hand:
        assert f'"{card}"' not in spectator
    assert (await envelope(client, match_id, None))["legal_actions"] == []


async def test_private_log_entries_reach_only_their_seat_until_the_end(
    client: httpx.AsyncClient,
) -> None:
    ada, bob, match_id = await _two(client)
    card = (await _hand_of(client, match_id, ada))[0]
    await act(client, match_id, ada, {"type": "play", "card": card})
    kept = await _hand_of(client, match_id, ada)
    ada_log = (await client.get(f"/api/v1/matches/{match_id}/log", headers=ada.auth)).json()
    bob_log = (await client.get(f"/api/v1/matches/{match_id}/log", headers=bob.auth)).json()
    assert any(e["private"] and kept[0] in e["text"] for e in ada_log["entries"])
    assert not any(e["private"] for e in bob_log["entries"])
    assert kept[0] not in json.dumps(bob_log)
    assert bob_log["replay"] is None
    later = (await client.get(f"/api/v1/matches/{match_id}/log?after=1", headers=ada.auth)).json()
    assert later["entries"] == []


async def test_after_the_end_the_log_is_a_full_replay(client: httpx.AsyncClient) -> None:
    ada, bob, match_id = await _two(client)
    players = [ada, bob]
    while (seen := await envelope(client, match_id, None))["status"] == "active":
        actor = players[seen["to_act"][0]]
        await act(
            client, match_id, actor, (await envelope(client, match_id, actor))["legal_actions"][0]
        )
    log = (await client.get(f"/api/v1/matches/{match_id}/log")).json()
    assert any(entry["private"] for entry in log["entries"])
    assert len(log["replay"]) == log["version"]
    assert all(step["action"]["type"] == "play" for step in log["replay"])


async def test_a_bot_seat_plays_through_the_pipeline(client: httpx.AsyncClient) -> None:
    import asyncio

    ada = await new_player(client, "Ada")
    match_id = await start_match(client, ada, [], bots={1: "random"})
    for _ in range(200):
        seen = await envelope(client, match_id, ada)
        if seen["status"] != "active":
            break
        if 0 in seen["to_act"]:
            await act(client, match_id, ada, seen["legal_actions"][0], version=seen["version"])
        else:
            await asyncio.sleep(0.02)
    final = await envelope(client, match_id, ada)
    assert final["status"] == "finished"
    log = (await client.get(f"/api/v1/matches/{match_id}/log")).json()
    assert {step["actor"] for step in log["replay"]} == {"player", "bot"}
    assert final["seats"][1] == {
        "seat": 1,
        "name": "Random bot 2",
        "player_id": None,
        "bot": "random",
        "away": False,
        "connected": True,
        "is_bot": False,
        "resigned": False,
    }


async def test_rematch_opens_one_table_with_the_same_seats(client: httpx.AsyncClient) -> None:
    ada, bob, match_id = await _two(client)
    early = await client.post(f"/api/v1/matches/{match_id}/rematch", headers=ada.auth)
    assert _code(early) == (409, "match/not_finished")
    players = [ada, bob]
    while (seen := await envelope(client, match_id, None))["status"] == "active":
        actor = players[seen["to_act"][0]]
        await act(
            client, match_id, actor, (await envelope(client, match_id, actor))["legal_actions"][0]
        )
    first = await client.post(f"/api/v1/matches/{match_id}/rematch", headers=bob.auth)
    second = await client.post(f"/api/v1/matches/{match_id}/rematch", headers=ada.auth)
    assert first.status_code == second.status_code == 201
    assert first.json()["id"] == second.json()["id"]
    lobby = first.json()
    assert [s["player"]["id"] for s in lobby["seats"]] == [ada.id, bob.id]
    assert lobby["host_id"] == bob.id

"""Tables before play: seats, invite codes, host powers, start conditions."""

from __future__ import annotations

import httpx

from tests.platform.helpers import new_player


async def _lobby(client: httpx.AsyncClient, host, **body):  # type: ignore[no-untyped-def]
    response = await client.post(
        "/api/v1/lobbies", headers=host.auth, json={"game": "high-card", "seats": 2, **body}
    )
    assert response.status_code == 201, response.text
    return response.json()


def _code(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def test_create_join_ready_start(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    lobby = await _lobby(client, ada, options={"tricks": 2})
    assert lobby["host_id"] == ada.id and lobby["status"] == "open"
    assert lobby["options"] == {"tricks": 2, "reverse": False, "forget": False}
    assert lobby["seats"][0]["player"] == {"id": ada.id, "name": "Ada", "is_bot": False}
    assert lobby["invite_code"]
    listed = (await client.get("/api/v1/lobbies?game=high-card")).json()
    assert [entry["id"] for entry in listed] == [lobby["id"]]
    assert listed[0]["invite_code"] is None  # only members see the code
    joined = (
        await client.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json={})
    ).json()
    assert joined["seats"][1]["player"]["name"] == "Bob"
    early = await client.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=ada.auth)
    assert _code(early) == (409, "lobby/not_ready")
    await client.post(f"/api/v1/lobbies/{lobby['id']}/ready", headers=bob.auth, json={})
    by_guest = await client.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=bob.auth)
    assert _code(by_guest) == (403, "lobby/not_host")
    started = await client.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=ada.auth)
    assert started.status_code == 200
    after = (await client.get(f"/api/v1/lobbies/{lobby['id']}")).json()
    assert after["status"] == "started" and after["match_id"] == started.json()["match_id"]
    late = await client.post(
        f"/api/v1/lobbies/{lobby['id']}/join",
        headers=(await new_player(client, "Cy")).auth,
        json={},
    )
    assert _code(late) == (409, "lobby/closed")


async def test_private_tables_need_the_invite_code(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    lobby = await _lobby(client, ada, private=True)
    assert (await client.get("/api/v1/lobbies")).json() == []
    wrong = await client.post(
        f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json={"invite_code": "guess"}
    )
    assert _code(wrong) == (403, "auth/forbidden")
    right = await client.post(
        f"/api/v1/lobbies/{lobby['id']}/join",
        headers=bob.auth,
        json={"invite_code": lobby["invite_code"]},
    )
    assert right.status_code == 200


async def test_full_tables_and_taken_seats(client: httpx.AsyncClient) -> None:
    ada, bob, cy = [await new_player(client, n) for n in ("Ada", "Bob", "Cy")]
    lobby = await _lobby(client, ada)
    taken = await client.post(
        f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json={"seat": 0}
    )
    assert _code(taken) == (409, "lobby/full")
    await client.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json={})
    full = await client.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=cy.auth, json={})
    assert _code(full) == (409, "lobby/full")


async def test_options_are_validated_against_the_game(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    for body in [
        {"game": "no-such-game", "seats": 2},
        {"game": "high-card", "seats": 9},
        {"game": "high-card", "seats": 2, "options": {"tricks": 7}},
        {"game": "high-card", "seats": 2, "options": {"reverse": "yes"}},
        {"game": "high-card", "seats": 2, "options": {"typo": 1}},
        {"game": "high-card", "seats": 3, "options": {"reverse": True, "tricks": 1}},
    ]:
        response = await client.post("/api/v1/lobbies", headers=ada.auth, json=body)
        assert _code(response) == (422, "lobby/bad_options"), body
        assert response.json()["error"]["message"]


async def test_host_controls_bots_seats_and_options(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    lobby = await _lobby(client, ada)
    lid = lobby["id"]
    await client.post(f"/api/v1/lobbies/{lid}/join", headers=bob.auth, json={})
    await client.post(f"/api/v1/lobbies/{lid}/ready", headers=bob.auth, json={})
    patched = await client.patch(
        f"/api/v1/lobbies/{lid}", headers=ada.auth, json={"seats": 3, "options": {"tricks": 1}}
    )
    assert patched.status_code == 200
    body = patched.json()
    assert len(body["seats"]) == 3 and body["options"]["tricks"] == 1
    assert body["seats"][1]["ready"] is False  # new rules: confirm again
    unknown_bot = await client.put(
        f"/api/v1/lobbies/{lid}/seats/2", headers=ada.auth, json={"bot": "genius"}
    )
    assert _code(unknown_bot) == (422, "lobby/bad_options")
    bot = await client.put(
        f"/api/v1/lobbies/{lid}/seats/2", headers=ada.auth, json={"bot": "random"}
    )
    assert bot.json()["seats"][2]["bot"] == "random"
    not_host = await client.delete(f"/api/v1/lobbies/{lid}/seats/1", headers=bob.auth)
    assert _code(not_host) == (403, "lobby/not_host")
    kicked = await client.delete(f"/api/v1/lobbies/{lid}/seats/1", headers=ada.auth)
    assert kicked.json()["seats"][1]["player"] is None
    shrink = await client.patch(f"/api/v1/lobbies/{lid}", headers=ada.auth, json={"seats": 2})
    assert _code(shrink) == (422, "lobby/bad_options")  # seat 2 holds a bot


async def test_the_host_leaving_passes_the_table_on(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    lobby = await _lobby(client, ada)
    await client.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json={})
    left = (await client.post(f"/api/v1/lobbies/{lobby['id']}/leave", headers=ada.auth)).json()
    assert left["host_id"] == bob.id and left["status"] == "open"
    gone = (await client.post(f"/api/v1/lobbies/{lobby['id']}/leave", headers=bob.auth)).json()
    assert gone["status"] == "closed"


async def test_unknown_lobby_is_404(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/v1/lobbies/nope")
    assert _code(response) == (404, "lobby/not_found")


async def test_concurrent_joins_never_share_a_seat(client: httpx.AsyncClient) -> None:
    import asyncio

    host = await new_player(client, "Host")
    lobby = (
        await client.post(
            "/api/v1/lobbies", headers=host.auth, json={"game": "high-card", "seats": 3}
        )
    ).json()
    guests = [await new_player(client, f"G{i}") for i in range(5)]
    answers = await asyncio.gather(
        *[
            client.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=g.auth, json={})
            for g in guests
        ]
    )
    assert sorted(a.status_code for a in answers) == [200, 200, 409, 409, 409]
    final = (await client.get(f"/api/v1/lobbies/{lobby['id']}")).json()
    seated = [s["player"]["id"] for s in final["seats"] if s["player"]]
    joined = [g.id for g, a in zip(guests, answers, strict=True) if a.status_code == 200]
    assert sorted(seated) == sorted([host.id, *joined])

"""Accounts: a guest claims its identity, signs in on other devices, keeps the same matches."""

from __future__ import annotations

import asyncio

import httpx

from tests.platform.accounts.helpers import PASSWORD, claimed, code, sign_in
from tests.platform.helpers import new_player, start_match

ADMIN = {"Authorization": "Bearer test-admin-token-0123456789abcdef"}


async def test_a_claimed_guest_keeps_its_token_and_gets_an_account(
    client: httpx.AsyncClient,
) -> None:
    ada = await claimed(client, "Ada", "Ada_Fox")
    me = await client.get("/api/v1/players/me", headers=ada.auth)
    assert me.json() == {"id": ada.id, "name": "Ada", "is_admin": False, "is_bot": False}
    account = (await client.get("/api/v1/players/me/account", headers=ada.auth)).json()
    assert account["username"] == "Ada_Fox"
    sessions = (await client.get("/api/v1/sessions", headers=ada.auth)).json()
    assert [s["current"] for s in sessions] == [True]


async def test_signing_in_elsewhere_is_the_same_player_with_the_same_matches(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await claimed(client, "Ada", "ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    desktop = await sign_in(client, "ADA", device="Firefox on the desktop")
    assert (desktop.id, desktop.name) == (ada.id, "Ada")
    assert desktop.token != ada.token
    state = (await client.get(f"/api/v1/matches/{match_id}/state", headers=desktop.auth)).json()
    assert state["seat"] == 0 and state["legal_actions"]
    sessions = (await client.get("/api/v1/sessions", headers=desktop.auth)).json()
    assert len(sessions) == 2
    current = [s for s in sessions if s["current"]]
    assert [s["label"] for s in current] == ["Firefox on the desktop"]


async def test_claiming_refuses_bad_names_short_passwords_and_second_claims(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada")
    claim = "/api/v1/players/me/account"
    for bad in [
        "ab",
        "x" * 25,
        "has space",
        ".dot-first",
        "ad\u0430",  # a Cyrillic a
        "tab\tname",
        7,
        None,
    ]:
        response = await client.post(
            claim, headers=ada.auth, json={"username": bad, "password": PASSWORD}
        )
        assert code(response) == (400, "request/malformed"), bad
    for weak in ["short", " " * 12, "x" * 129]:
        response = await client.post(
            claim, headers=ada.auth, json={"username": "ada", "password": weak}
        )
        assert code(response) == (400, "request/malformed"), weak
    unknown = await client.post(
        claim, headers=ada.auth, json={"username": "ada", "password": PASSWORD, "x": 1}
    )
    assert code(unknown) == (400, "request/malformed")
    body = {"username": "ada", "password": PASSWORD}
    assert (await client.post(claim, headers=ada.auth, json=body)).status_code == 201
    assert code(await client.post(claim, headers=ada.auth, json=body)) == (409, "account/exists")
    bob = await new_player(client, "Bob")
    taken = await client.post(claim, headers=bob.auth, json={**body, "username": "ADA"})
    assert code(taken) == (409, "account/username_taken")
    assert code(await client.post(claim, json=body)) == (401, "auth/missing")
    assert code(await client.post(claim, headers=ADMIN, json=body)) == (403, "auth/forbidden")


async def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(
    client: httpx.AsyncClient,
) -> None:
    await claimed(client, "Ada", "ada")
    wrong = await client.post("/api/v1/sessions", json={"username": "ada", "password": "nope"})
    unknown = await client.post(
        "/api/v1/sessions", json={"username": "nobody", "password": PASSWORD}
    )
    assert code(wrong) == code(unknown) == (401, "account/bad_credentials")
    assert wrong.json() == unknown.json()
    malformed = await client.post("/api/v1/sessions", json={"username": "ada"})
    assert code(malformed) == (400, "request/malformed")


async def test_guests_have_no_account_and_no_sessions(client: httpx.AsyncClient) -> None:
    guest = await new_player(client, "Gus")
    calls = [
        ("GET", "/api/v1/players/me/account", None),
        ("GET", "/api/v1/sessions", None),
        ("DELETE", "/api/v1/sessions/current", None),
        ("POST", "/api/v1/sessions/renew", None),
        (
            "PUT",
            "/api/v1/players/me/account/password",
            {"old_password": PASSWORD, "new_password": PASSWORD + "!"},
        ),
    ]
    for method, path, body in calls:
        response = await client.request(method, path, headers=guest.auth, json=body)
        assert code(response) == (404, "account/not_found"), path
    # ... and keep playing exactly as before.
    assert (await client.get("/api/v1/players/me", headers=guest.auth)).status_code == 200


async def test_revoking_a_session_signs_that_device_out_only(client: httpx.AsyncClient) -> None:
    phone = await claimed(client, "Ada", "ada")
    desktop = await sign_in(client, "ada")
    sessions = (await client.get("/api/v1/sessions", headers=desktop.auth)).json()
    phone_session = next(s["id"] for s in sessions if not s["current"])
    ended = await client.delete(f"/api/v1/sessions/{phone_session}", headers=desktop.auth)
    assert ended.status_code == 204
    assert code(await client.get("/api/v1/players/me", headers=phone.auth)) == (
        401,
        "auth/invalid",
    )
    assert (await client.get("/api/v1/players/me", headers=desktop.auth)).status_code == 200
    again = await client.delete(f"/api/v1/sessions/{phone_session}", headers=desktop.auth)
    assert code(again) == (404, "session/not_found")


async def test_nobody_revokes_another_accounts_session(client: httpx.AsyncClient) -> None:
    ada, bob = await claimed(client, "Ada", "ada"), await claimed(client, "Bob", "bob")
    bobs = (await client.get("/api/v1/sessions", headers=bob.auth)).json()[0]["id"]
    refused = await client.delete(f"/api/v1/sessions/{bobs}", headers=ada.auth)
    assert code(refused) == (404, "session/not_found")
    assert (await client.get("/api/v1/players/me", headers=bob.auth)).status_code == 200


async def test_signing_out_ends_this_devices_token(client: httpx.AsyncClient) -> None:
    phone = await claimed(client, "Ada", "ada")
    desktop = await sign_in(client, "ada")
    out = await client.delete("/api/v1/sessions/current", headers=desktop.auth)
    assert out.status_code == 204
    assert code(await client.get("/api/v1/players/me", headers=desktop.auth))[0] == 401
    remaining = (await client.get("/api/v1/sessions", headers=phone.auth)).json()
    assert len(remaining) == 1 and remaining[0]["current"]


async def test_a_new_password_ends_every_other_session(client: httpx.AsyncClient) -> None:
    phone = await claimed(client, "Ada", "ada")
    desktop, laptop = await sign_in(client, "ada"), await sign_in(client, "ada")
    change = "/api/v1/players/me/account/password"
    wrong = await client.put(
        change, headers=desktop.auth, json={"old_password": "guess", "new_password": "n" * 10}
    )
    assert code(wrong) == (403, "account/wrong_password")
    short = await client.put(
        change, headers=desktop.auth, json={"old_password": PASSWORD, "new_password": "short"}
    )
    assert code(short) == (400, "request/malformed")
    new = "a brand new secret"
    changed = await client.put(
        change, headers=desktop.auth, json={"old_password": PASSWORD, "new_password": new}
    )
    assert changed.json() == {"sessions_ended": 2}
    for gone in (phone, laptop):
        assert code(await client.get("/api/v1/players/me", headers=gone.auth))[0] == 401
    assert (await client.get("/api/v1/players/me", headers=desktop.auth)).status_code == 200
    old = await client.post("/api/v1/sessions", json={"username": "ada", "password": PASSWORD})
    assert code(old) == (401, "account/bad_credentials")
    assert (await sign_in(client, "ada", new)).id == phone.id


async def test_two_claims_of_one_name_at_once_give_it_to_one(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    body = {"username": "fox", "password": PASSWORD}
    answers = await asyncio.gather(
        *(client.post("/api/v1/players/me/account", headers=p.auth, json=body) for p in (ada, bob))
    )
    assert sorted(a.status_code for a in answers) == [201, 409]
    refused = next(a for a in answers if a.status_code == 409)
    assert refused.json()["error"]["code"] == "account/username_taken"

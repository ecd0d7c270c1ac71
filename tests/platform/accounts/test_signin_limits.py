"""Sign-in limits: guessers are held by address and by (account, address), the owner is not;
claims and password changes share the budget, so probing usernames by claiming is as slow as
by signing in."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from app.accounts.signin_limits import ACCOUNT_FAILURES, ADDRESS_BURST, PAIR_FAILURES
from app.core.clock import ManualClock
from tests.platform.accounts.helpers import PASSWORD, claimed, code
from tests.platform.helpers import new_player

WRONG = {"username": "ada", "password": "not the password"}
RIGHT = {"username": "ada", "password": PASSWORD}


@pytest.fixture
async def client(
    database_url: str, clock: ManualClock, with_high_card: None
) -> AsyncIterator[httpx.AsyncClient]:
    """The app behind a trusted proxy (the test client's own address), so each request may
    come from the address its X-Forwarded-For names."""
    from app.core.config import Settings
    from app.server.main import create_app

    settings = Settings(
        database_url=database_url, rate_per_minute=100_000, trusted_proxies="127.0.0.1"
    )
    app = create_app(settings, clock)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            yield http


def at(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


async def sign_in_from(http: httpx.AsyncClient, address: str, body: dict[str, str]) -> int:
    return (await http.post("/api/v1/sessions", json=body, headers=at(address))).status_code


async def test_wrong_passwords_from_anywhere_never_lock_the_owner_out(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    await claimed(client, "Ada", "ada")
    attacker = "203.0.113.1"
    for _ in range(PAIR_FAILURES):
        assert await sign_in_from(client, attacker, WRONG) == 401
    held = await client.post("/api/v1/sessions", json=WRONG, headers=at(attacker))
    assert code(held) == (429, "rate/limited") and int(held.headers["Retry-After"]) >= 1
    assert await sign_in_from(client, attacker, RIGHT) == 429  # the guesser itself is held
    assert await sign_in_from(client, "198.51.100.1", RIGHT) == 201  # the owner is not
    # The attack goes on from many addresses, minute after minute: still the owner gets in,
    # and the first guesser gets one more guess a minute.
    for minute in range(3):
        for n in range(PAIR_FAILURES * 2):
            assert await sign_in_from(client, f"10.{minute}.{n}.1", WRONG) == 401
        await clock.advance(60)
        assert await sign_in_from(client, attacker, WRONG) == 401
        assert await sign_in_from(client, attacker, WRONG) == 429
        assert await sign_in_from(client, f"198.51.100.{10 + minute}", RIGHT) == 201


async def test_the_account_ceiling_holds_addresses_that_have_failed(
    client: httpx.AsyncClient,
) -> None:
    await claimed(client, "Ada", "ada")
    failed = [f"10.0.{n // 250}.{n % 250}" for n in range(ACCOUNT_FAILURES)]
    for address in failed:  # one wrong password each: no address reaches its own limit
        assert await sign_in_from(client, address, WRONG) == 401
    ceiling = await client.post("/api/v1/sessions", json=RIGHT, headers=at(failed[0]))
    assert code(ceiling) == (429, "rate/limited")  # even its right password: it has failed
    assert "wrong passwords" in ceiling.json()["error"]["message"]
    assert await sign_in_from(client, "198.51.100.1", RIGHT) == 201  # a clean address is not


async def test_a_right_password_forgives_that_address(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    await claimed(client, "Ada", "ada")
    for _ in range(PAIR_FAILURES - 1):
        assert await sign_in_from(client, "198.51.100.1", WRONG) == 401
    assert await sign_in_from(client, "198.51.100.1", RIGHT) == 201
    for _ in range(PAIR_FAILURES):  # a typo later starts from nothing
        assert await sign_in_from(client, "198.51.100.1", WRONG) == 401


async def test_probing_usernames_by_claiming_is_limited_per_address(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    await claimed(client, "Ada", "ada")
    prober = await new_player(client, "Pat")
    claims = [
        await client.post(
            "/api/v1/players/me/account",
            headers={**prober.auth, **at("203.0.113.9")},
            json={"username": name, "password": PASSWORD},
        )
        for name in ["ada"] * ADDRESS_BURST + ["ada", "free_name"]
    ]
    assert {code(c) for c in claims[:ADDRESS_BURST]} == {(409, "account/username_taken")}
    for refused in claims[ADDRESS_BURST:]:  # taken or not: the answer tells nothing
        assert code(refused) == (429, "rate/limited")
        assert int(refused.headers["Retry-After"]) >= 1
    # Claims and sign-ins draw on one budget per address.
    assert await sign_in_from(client, "203.0.113.9", RIGHT) == 429
    assert await sign_in_from(client, "198.51.100.1", RIGHT) == 201
    await clock.advance(6)  # ten a minute
    retried = await client.post(
        "/api/v1/players/me/account",
        headers={**prober.auth, **at("203.0.113.9")},
        json={"username": "free_name", "password": PASSWORD},
    )
    assert retried.status_code == 201, retried.text


async def test_a_password_change_is_a_guess_held_per_account_and_address(
    client: httpx.AsyncClient,
) -> None:
    await claimed(client, "Ada", "ada")
    stolen = await client.post("/api/v1/sessions", json=RIGHT, headers=at("203.0.113.1"))
    thief = {"Authorization": "Bearer " + stolen.json()["token"], **at("203.0.113.1")}
    guess = {"old_password": "a guess at it", "new_password": "the thief's own"}
    change = "/api/v1/players/me/account/password"
    for _ in range(PAIR_FAILURES):
        assert code(await client.put(change, headers=thief, json=guess))[0] == 403
    assert code(await client.put(change, headers=thief, json=guess)) == (429, "rate/limited")
    # The owner, on a device elsewhere, still changes it (and signs the thief out).
    owner = await client.post("/api/v1/sessions", json=RIGHT, headers=at("198.51.100.1"))
    mine = {"Authorization": "Bearer " + owner.json()["token"], **at("198.51.100.1")}
    new = {"old_password": PASSWORD, "new_password": "a brand new secret"}
    changed = await client.put(change, headers=mine, json=new)
    assert changed.status_code == 200, changed.text
    assert code(await client.get("/api/v1/players/me", headers=thief))[0] == 401

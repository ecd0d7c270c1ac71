"""Device sessions: sliding expiry on the app's clock, token renewal, sign-in rate limits."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from app.core.clock import ManualClock
from tests.platform.accounts.helpers import PASSWORD, claimed, code, sign_in
from tests.platform.helpers import new_player, start_match
from tests.platform.realtime.test_websockets import match_socket

DAY = 24 * 3600.0


@pytest.fixture
async def client(
    database_url: str, clock: ManualClock, with_high_card: None
) -> AsyncIterator[httpx.AsyncClient]:
    """The app with its periodic work (recovery, presence beats) set far apart: these tests
    move the clock by weeks, and each beat due on the way would run."""
    from app.core.config import Settings
    from app.server.main import create_app

    settings = Settings(
        database_url=database_url,
        rate_per_minute=100_000,
        recovery_seconds=1000 * DAY,
        presence_ttl_seconds=1000 * DAY,
    )
    app = create_app(settings, clock)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            http.app = app  # type: ignore[attr-defined]
            yield http


async def test_a_session_used_within_30_days_lives_on(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    await claimed(client, "Ada", "ada")
    ada = await sign_in(client, "ada")
    for _ in range(3):  # 87 days in all, never 30 without a use
        await clock.advance(29 * DAY)
        assert (await client.get("/api/v1/players/me", headers=ada.auth)).status_code == 200
    sessions = (await client.get("/api/v1/sessions", headers=ada.auth)).json()
    current = next(s for s in sessions if s["current"])
    assert current["expires_at"] > current["created_at"]


async def test_a_session_unused_for_30_days_expires(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    phone = await claimed(client, "Ada", "ada")
    desktop = await sign_in(client, "ada")
    await clock.advance(15 * DAY)
    assert (await client.get("/api/v1/players/me", headers=desktop.auth)).status_code == 200
    await clock.advance(16 * DAY)
    assert code(await client.get("/api/v1/players/me", headers=phone.auth)) == (
        401,
        "auth/expired",
    )
    sessions = (await client.get("/api/v1/sessions", headers=desktop.auth)).json()
    assert [s["current"] for s in sessions] == [True]
    # A guest token is the only key to its player: it never expires.
    await clock.advance(400 * DAY)
    gus = await new_player(client, "Gus")
    await clock.advance(400 * DAY)
    assert (await client.get("/api/v1/players/me", headers=gus.auth)).status_code == 200


async def test_renewing_swaps_the_token(client: httpx.AsyncClient, clock: ManualClock) -> None:
    ada = await claimed(client, "Ada", "ada")
    await clock.advance(20 * DAY)
    renewed = await client.post("/api/v1/sessions/renew", headers=ada.auth)
    assert renewed.status_code == 200, renewed.text
    body = renewed.json()
    assert body["token"] != ada.token and body["session"]["current"]
    assert code(await client.get("/api/v1/players/me", headers=ada.auth)) == (401, "auth/invalid")
    fresh = {"Authorization": "Bearer " + body["token"]}
    me = (await client.get("/api/v1/players/me", headers=fresh)).json()
    assert me["id"] == ada.id
    await clock.advance(25 * DAY)  # 45 days after the claim, 25 after the renewal
    assert (await client.get("/api/v1/players/me", headers=fresh)).status_code == 200


async def test_sign_in_is_limited_per_account(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    await claimed(client, "Ada", "ada")
    wrong = {"username": "ada", "password": "not the password"}
    for _ in range(10):
        assert code(await client.post("/api/v1/sessions", json=wrong))[0] == 401
    right = {"username": "Ada", "password": PASSWORD}
    limited = await client.post("/api/v1/sessions", json=right)
    assert code(limited) == (429, "rate/limited")
    assert int(limited.headers["Retry-After"]) >= 1
    # Another account from the same address is not held up by Ada's bucket.
    await claimed(client, "Bob", "bob")
    assert (await sign_in(client, "bob")).name == "Bob"
    await clock.advance(60)
    assert (await client.post("/api/v1/sessions", json=right)).status_code == 201


async def test_sign_in_is_limited_per_address(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    await claimed(client, "Ada", "ada")  # a claim counts as an attempt too
    for n in range(29):
        guess = {"username": f"user{n}", "password": "password1"}
        assert code(await client.post("/api/v1/sessions", json=guess))[0] == 401
    limited = await client.post("/api/v1/sessions", json={"username": "ada", "password": PASSWORD})
    assert code(limited) == (429, "rate/limited")
    await clock.advance(6)  # ten a minute
    assert (await sign_in(client, "ada")).name == "Ada"


async def test_the_match_socket_takes_a_device_token_until_it_ends(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    app = client.app  # type: ignore[attr-defined]
    phone, bob = await claimed(client, "Ada", "ada"), await new_player(client, "Bob")
    match_id = await start_match(client, phone, [bob])
    desktop = await sign_in(client, "ada")
    socket = await match_socket(app, match_id, desktop)
    assert (await socket.until("envelope"))["seat"] == 0
    await socket.close()
    await client.delete("/api/v1/sessions/current", headers=desktop.auth)
    revoked = await match_socket(app, match_id, desktop)
    assert (await revoked.until("error"))["code"] == "auth/invalid"
    assert await revoked.closed_code() == 1008
    await clock.advance(31 * DAY)
    expired = await match_socket(app, match_id, phone)
    assert (await expired.until("error"))["code"] == "auth/invalid"
    assert await expired.closed_code() == 1008


async def test_a_wrong_method_names_only_the_methods_of_that_route(
    client: httpx.AsyncClient,
) -> None:
    """/sessions/renew is the renew route, not /sessions/{session_id} with "renew" as the id:
    a GET there allows POST only (it used to say "DELETE, POST")."""
    for path, allowed in [
        ("/api/v1/sessions/renew", "POST"),
        ("/api/v1/sessions/current", "DELETE"),
        ("/api/v1/sessions/0123456789abcdef01234567", "DELETE"),
        ("/api/v1/sessions", "GET, POST"),
    ]:
        response = await client.put(path)
        assert code(response) == (405, "request/method_not_allowed"), path
        assert response.headers["allow"] == allowed, path

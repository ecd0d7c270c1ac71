"""No input, however malformed, produces a 500 or changes a match."""

from __future__ import annotations

import json

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.platform.helpers import envelope, new_player, start_match

_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=10,
)


async def test_malformed_bodies_get_a_4xx_with_a_code(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    url = f"/api/v1/matches/{match_id}/actions"
    headers = {**ada.auth, "Content-Type": "application/json"}
    cases = [
        (b"{not json", 400, "request/malformed"),
        (b"[]", 400, "request/malformed"),
        (json.dumps({"action": "play"}).encode(), 400, "request/malformed"),
        (
            json.dumps({"action": {"type": "play"}, "version": "x"}).encode(),
            400,
            "request/malformed",
        ),
        (json.dumps({"action": {"type": "play"}, "extra": 1}).encode(), 400, "request/malformed"),
        (
            json.dumps({"action": {"type": "play", "card": "x" * 70_000}}).encode(),
            413,
            "request/too_large",
        ),
    ]
    for body, status, code in cases:
        response = await client.post(url, content=body, headers=headers)
        assert response.status_code == status, (body[:40], response.text)
        assert response.json()["error"]["code"] == code
    assert (await envelope(client, match_id, ada))["version"] == 0


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=_json)
async def test_arbitrary_json_never_breaks_the_server(client: httpx.AsyncClient, body) -> None:  # type: ignore[no-untyped-def]
    ada = await new_player(client, "Ada")
    for url in [
        "/api/v1/players",
        "/api/v1/lobbies",
        "/api/v1/lobbies/x/join",
        "/api/v1/matches/x/actions",
    ]:
        response = await client.post(url, json=body, headers=ada.auth)
        assert 200 <= response.status_code < 500, (url, body, response.text)
        if response.status_code >= 400:
            assert response.json()["error"]["code"]


async def test_a_flood_of_requests_is_cut_off_with_retry_after(database_url: str) -> None:
    from app.core.config import Settings
    from app.server.main import create_app

    app = create_app(Settings(database_url=database_url, rate_per_minute=60))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            ada = await new_player(http, "Ada")
            codes = [(await http.get("/api/v1/players/me", headers=ada.auth)) for _ in range(15)]
    limited = [r for r in codes if r.status_code == 429]
    assert limited, "no request was limited"
    assert limited[0].json()["error"]["code"] == "rate/limited"
    assert int(limited[0].headers["Retry-After"]) >= 1

"""Guest identities, tokens and the admin role."""

from __future__ import annotations

import httpx

from tests.platform.helpers import new_player


async def test_a_guest_gets_a_token_once_and_is_known_by_it(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "  Ada  ")
    assert ada.name == "Ada"
    assert len(ada.token) >= 22  # >= 128 bits of urlsafe base64
    me = await client.get("/api/v1/players/me", headers=ada.auth)
    assert me.json() == {"id": ada.id, "name": "Ada", "is_admin": False, "is_bot": False}


async def test_names_must_be_1_to_32_printable_characters(client: httpx.AsyncClient) -> None:
    for bad in ["", "   ", "x" * 33, "tab\there", 5, None]:
        response = await client.post("/api/v1/players", json={"name": bad})
        assert response.status_code == 400, bad
        assert response.json()["error"]["code"] == "request/malformed"


async def test_missing_and_invalid_tokens_are_refused(client: httpx.AsyncClient) -> None:
    missing = await client.get("/api/v1/players/me")
    assert (missing.status_code, missing.json()["error"]["code"]) == (401, "auth/missing")
    for header in ["Bearer nope", "Basic abc", "Bearer "]:
        invalid = await client.get("/api/v1/players/me", headers={"Authorization": header})
        assert (invalid.status_code, invalid.json()["error"]["code"]) == (401, "auth/invalid")


async def test_the_admin_token_from_the_environment_is_an_admin(client: httpx.AsyncClient) -> None:
    me = await client.get(
        "/api/v1/players/me", headers={"Authorization": "Bearer test-admin-token-0123456789abcdef"}
    )
    assert me.json()["is_admin"] is True
    ada = await new_player(client, "Ada")
    forbidden = await client.get("/api/v1/admin/stats", headers=ada.auth)
    assert (forbidden.status_code, forbidden.json()["error"]["code"]) == (403, "auth/forbidden")

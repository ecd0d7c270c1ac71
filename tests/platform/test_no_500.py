"""No input produces a 500: the cases an outside probe found, on SQLite and on Postgres.

Each refusal is a 4xx with a documented code, and the match the requests aimed at is unchanged.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.platform.helpers import Player, envelope, new_player, start_match

ADMIN = {"Authorization": "Bearer test-admin-token-0123456789abcdef"}


async def test_cursors_past_any_sequence_number_are_refused(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    for feed in ("log", "chat"):
        url = f"/api/v1/matches/{match_id}/{feed}"
        for after in (2**31, 2**63, 2**64, -1):
            response = await client.get(url, params={"after": after})  # anonymous: public match
            assert response.status_code == 400, (feed, after, response.text)
            assert response.json()["error"]["code"] == "request/malformed"
        last = await client.get(url, params={"after": 2**31 - 1})
        assert last.status_code == 200, last.text


async def test_an_invite_code_with_any_characters_is_just_a_wrong_code(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    created = await client.post(
        "/api/v1/lobbies", headers=ada.auth, json={"game": "high-card", "private": True}
    )
    lobby = created.json()
    join = f"/api/v1/lobbies/{lobby['id']}/join"
    for code in ("é", "狐" * 12, "\u202e", lobby["invite_code"] + "é"):
        refused = await client.post(join, headers=bob.auth, json={"invite_code": code})
        assert refused.status_code == 403, (code, refused.text)
        assert refused.json()["error"]["code"] == "auth/forbidden"
    joined = await client.post(join, headers=bob.auth, json={"invite_code": lobby["invite_code"]})
    assert joined.status_code == 200, joined.text


async def _request(
    client: httpx.AsyncClient, method: str, url: str, body: Any, who: dict[str, str]
) -> httpx.Response:
    return await client.request(method, url, json=body, headers=who)


async def test_a_nul_character_anywhere_is_refused_with_a_code(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    action = (await envelope(client, match_id, ada))["legal_actions"][0]
    lobby = (
        await client.post(
            "/api/v1/lobbies", headers=ada.auth, json={"game": "high-card", "private": True}
        )
    ).json()
    malformed = (400, "request/malformed")
    cases: list[tuple[str, str, Any, Player | None, tuple[int, str]]] = [
        ("GET", "/api/v1/matches/a%00b", None, None, malformed),
        ("GET", "/api/v1/matches/a%00b/state", None, ada, malformed),
        ("GET", f"/api/v1/matches/{match_id}/log?after=0%00", None, None, malformed),
        ("GET", "/api/v1/lobbies/a%00b", None, None, malformed),
        ("POST", "/api/v1/lobbies/a%00b/join", {}, bob, malformed),
        ("GET", "/api/v1/lobbies?game=fox%00", None, None, malformed),
        ("GET", "/games/a%00b/rules", None, None, malformed),
        ("POST", "/api/v1/players", {"name": "A\x00da"}, None, malformed),
        ("POST", f"/api/v1/matches/{match_id}/chat", {"text": "hi\x00"}, ada, malformed),
        (
            "POST",
            f"/api/v1/matches/{match_id}/actions",
            {"action": action, "id": "c-\x001"},
            ada,
            malformed,
        ),
        ("POST", "/api/v1/lobbies", {"game": "high-card\x00"}, ada, malformed),
        (
            "POST",
            f"/api/v1/lobbies/{lobby['id']}/join",
            {"invite_code": "\x00"},
            bob,
            malformed,
        ),
        ("PUT", f"/api/v1/lobbies/{lobby['id']}/seats/1", {"bot": "\x00"}, ada, malformed),
    ]
    for method, url, body, player, expected in cases:
        response = await _request(client, method, url, body, player.auth if player else {})
        got = (response.status_code, response.json()["error"]["code"])
        assert got == expected, (method, url, body, response.text)
    for method, url in [
        ("GET", "/api/v1/admin/lobbies?game=%00"),
        ("GET", "/api/v1/admin/matches/a%00b/state"),
        ("DELETE", f"/api/v1/admin/lobbies/{lobby['id']}/players/a%00b"),
    ]:
        response = await _request(client, method, url, None, ADMIN)
        assert (response.status_code, response.json()["error"]["code"]) == malformed, url
    assert (await envelope(client, match_id, ada))["version"] == 0


async def test_the_admin_view_of_a_seat_the_match_lacks_is_a_422(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    url = f"/api/v1/admin/matches/{match_id}/state"
    for seat in (9, 2, -1, 2**70):
        response = await client.get(url, params={"seat": seat}, headers=ADMIN)
        assert response.status_code == 422, (seat, response.text)
        assert response.json()["error"]["code"] == "match/no_such_seat"
    seen = await client.get(url, params={"seat": 1}, headers=ADMIN)
    assert seen.status_code == 200 and seen.json()["view"] is not None

"""The public table list comes in pages that stay put while tables open, and old clients that
read one list still get it whole."""

from __future__ import annotations

import re

import httpx

from tests.platform.helpers import Player, new_player

NEXT = re.compile(r'^<(?P<url>[^>]+)>; rel="next"$')


async def _open_tables(client: httpx.AsyncClient, host: Player, count: int) -> list[str]:
    ids = []
    for _ in range(count):
        response = await client.post(
            "/api/v1/lobbies", headers=host.auth, json={"game": "high-card", "seats": 2}
        )
        assert response.status_code == 201, response.text
        ids.append(response.json()["id"])
    return ids


def _ids(response: httpx.Response) -> list[str]:
    assert response.status_code == 200, response.text
    return [lobby["id"] for lobby in response.json()]


async def test_following_next_links_walks_every_table_once_despite_inserts(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada")
    opened = await _open_tables(client, ada, 5)
    first = await client.get("/api/v1/lobbies?game=high-card&limit=2")
    seen = _ids(first)
    assert seen == opened[::-1][:2]  # newest first
    link = NEXT.match(first.headers["Link"])
    assert link is not None
    newer = await _open_tables(client, ada, 2)  # opened meanwhile: they shift no later page
    while link is not None:
        page = await client.get(link["url"])
        seen += _ids(page)
        link = NEXT.match(page.headers.get("Link", ""))
    assert seen == opened[::-1]
    assert _ids(await client.get("/api/v1/lobbies?game=high-card&limit=2"))[:2] == newer[::-1]


async def test_the_page_route_gives_the_next_cursor_in_the_body(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada")
    opened = await _open_tables(client, ada, 3)
    first = await client.get("/api/v1/lobbies/page", params={"game": "high-card", "limit": 2})
    assert first.status_code == 200
    body = first.json()
    assert [lobby["id"] for lobby in body["lobbies"]] == opened[::-1][:2]
    assert body["next"] and f"cursor={body['next']}" in first.headers["Link"]
    last = await client.get(
        "/api/v1/lobbies/page", params={"game": "high-card", "limit": 2, "cursor": body["next"]}
    )
    assert last.json() == {"lobbies": [last.json()["lobbies"][0]], "next": None}
    assert last.json()["lobbies"][0]["id"] == opened[0]
    assert "link" not in last.headers


async def test_a_client_that_never_pages_gets_the_whole_list(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    opened = await _open_tables(client, ada, 3)
    everything = await client.get("/api/v1/lobbies?status=open")
    assert _ids(everything) == opened[::-1]
    assert "link" not in everything.headers


async def test_a_bad_cursor_or_limit_is_refused_plainly(client: httpx.AsyncClient) -> None:
    for query in ("cursor=bm90LWEtY3Vyc29y", "cursor=%21%21", "limit=0", "limit=201"):
        answer = await client.get(f"/api/v1/lobbies?{query}")
        assert answer.status_code == 400, query
        assert answer.json()["error"]["code"] == "request/malformed", query

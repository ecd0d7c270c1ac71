"""Floods: every route is rate limited, addresses are not the client's to choose, and nobody
holds open tables without bound."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import httpx
from sqlalchemy import update

from app.core.db import Database, utcnow
from app.lobby.models import Lobby
from tests.platform.helpers import act, app_client, envelope, new_player, start_match

SLOW: dict[str, Any] = {"rate_per_minute": 60}  # a burst of 10, then one a second


async def _statuses(
    http: httpx.AsyncClient, url: str, times: int, headers: dict[str, str] | None = None
) -> list[int]:
    return [(await http.get(url, headers=headers)).status_code for _ in range(times)]


async def test_routes_without_a_token_are_limited_per_address(
    database_url: str, with_high_card: None
) -> None:
    async with app_client(database_url, **SLOW) as http:
        for url in ("/api/v1/games", "/healthz", "/games/oh-fox/rules", "/"):
            codes = await _statuses(http, url, 12)
            assert 429 in codes, url
        limited = await http.get("/api/v1/games")
        assert limited.json()["error"]["code"] == "rate/limited"
        assert int(limited.headers["Retry-After"]) >= 1
    async with app_client(database_url, peer="10.9.9.9", **SLOW) as http:
        assert (await http.get("/api/v1/games")).status_code == 200  # another address


async def test_guessed_tokens_cost_the_address(database_url: str, with_high_card: None) -> None:
    async with app_client(database_url, **SLOW) as http:
        codes = [
            (
                await http.get(
                    "/api/v1/players/me", headers={"Authorization": f"Bearer {uuid.uuid4()}"}
                )
            ).status_code
            for _ in range(12)
        ]
    assert codes[0] == 401 and 429 in codes


def _forwarded(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


async def test_forwarded_for_is_believed_only_from_a_trusted_proxy(
    database_url: str, with_high_card: None
) -> None:
    hops = [f"203.0.113.{i}" for i in range(12)]
    async with app_client(database_url, peer="10.0.0.5", **SLOW) as http:
        codes = [(await http.get("/api/v1/games", headers=_forwarded(a))).status_code for a in hops]
        assert 429 in codes  # one peer, whatever it claims: one bucket
    proxied = {"trusted_proxies": "10.0.0.0/24", **SLOW}
    async with app_client(database_url, peer="10.0.0.5", **proxied) as http:
        codes = [(await http.get("/api/v1/games", headers=_forwarded(a))).status_code for a in hops]
        assert set(codes) == {200}  # each client behind the proxy has its own bucket
        spoofed = [
            (
                await http.get("/api/v1/games", headers=_forwarded(f"198.51.100.7, {hops[0]}"))
            ).status_code
            for _ in range(12)
        ]
        assert 429 in spoofed  # only the hop the proxy saw counts, not what the client wrote


async def test_a_player_holds_only_so_many_open_tables(
    database_url: str, with_high_card: None
) -> None:
    async with app_client(database_url, max_open_lobbies=2) as http:
        ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
        tables = [
            (await http.post("/api/v1/lobbies", headers=ada.auth, json={"game": "high-card"}))
            for _ in range(2)
        ]
        assert [t.status_code for t in tables] == [201, 201]
        third = await http.post("/api/v1/lobbies", headers=ada.auth, json={"game": "high-card"})
        assert (third.status_code, third.json()["error"]["code"]) == (409, "lobby/too_many")
        bobs = await http.post(
            "/api/v1/lobbies", headers=bob.auth, json={"game": "high-card", "seats": 3}
        )
        join = await http.post(
            f"/api/v1/lobbies/{bobs.json()['id']}/join", headers=ada.auth, json={}
        )
        assert (join.status_code, join.json()["error"]["code"]) == (409, "lobby/too_many")
        await http.post(f"/api/v1/lobbies/{tables[0].json()['id']}/leave", headers=ada.auth)
        join = await http.post(
            f"/api/v1/lobbies/{bobs.json()['id']}/join", headers=ada.auth, json={}
        )
        assert join.status_code == 200, join.text


async def _age(database_url: str, lobby_id: str, hours: float) -> None:
    """As if nobody had touched the table for `hours`: the clock is the data, not a sleep."""
    database = Database(database_url)
    async with database.sessions() as session:
        await session.execute(
            update(Lobby)
            .where(Lobby.id == lobby_id)
            .values(updated_at=utcnow() - timedelta(hours=hours))
        )
        await session.commit()
    await database.dispose()


async def test_an_idle_open_table_closes(database_url: str, with_high_card: None) -> None:
    async with app_client(database_url, max_open_lobbies=1, lobby_idle_hours=24) as http:
        ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
        lobby = (
            await http.post("/api/v1/lobbies", headers=ada.auth, json={"game": "high-card"})
        ).json()
        await _age(database_url, lobby["id"], 23)
        assert (await http.get(f"/api/v1/lobbies/{lobby['id']}")).json()["status"] == "open"
        await _age(database_url, lobby["id"], 25)
        assert (await http.get(f"/api/v1/lobbies/{lobby['id']}")).json()["status"] == "closed"
        listed = (await http.get("/api/v1/lobbies")).json()
        assert lobby["id"] not in [t["id"] for t in listed]
        closed = (await http.get("/api/v1/lobbies", params={"status": "closed"})).json()
        assert lobby["id"] in [t["id"] for t in closed]
        join = await http.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json={})
        assert (join.status_code, join.json()["error"]["code"]) == (409, "lobby/closed")
        # The closed table no longer counts against its host's open tables.
        again = await http.post("/api/v1/lobbies", headers=ada.auth, json={"game": "high-card"})
        assert again.status_code == 201, again.text


async def test_a_rematch_counts_against_its_hosts_open_tables(
    database_url: str, with_high_card: None
) -> None:
    async with app_client(database_url, max_open_lobbies=1) as http:
        ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
        match_id = await start_match(http, ada, [bob])
        players = [ada, bob]
        while (seen := await envelope(http, match_id, None))["status"] == "active":
            actor = players[seen["to_act"][0]]
            legal = (await envelope(http, match_id, actor))["legal_actions"]
            await act(http, match_id, actor, legal[0])
        held = await http.post("/api/v1/lobbies", headers=ada.auth, json={"game": "high-card"})
        assert held.status_code == 201
        refused = await http.post(f"/api/v1/matches/{match_id}/rematch", headers=ada.auth)
        assert (refused.status_code, refused.json()["error"]["code"]) == (409, "lobby/too_many")
        # Bob has room: his rematch opens the table, and Ada finds her seat there already.
        opened = await http.post(f"/api/v1/matches/{match_id}/rematch", headers=bob.auth)
        assert opened.status_code == 201, opened.text
        joined = await http.post(f"/api/v1/matches/{match_id}/rematch", headers=ada.auth)
        assert (joined.status_code, joined.json()["id"]) == (201, opened.json()["id"])

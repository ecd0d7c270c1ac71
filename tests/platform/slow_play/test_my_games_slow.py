"""My games at a glance: the most urgent of my turns first, each slow table's clocks, and the
other side's last move as the public log line the log gives me (never a private one)."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from tests.platform.helpers import Player, act, envelope, new_player
from tests.platform.slow_play.helpers import HOUR


async def _slow_table(
    client: httpx.AsyncClient, ada: Player, bob: Player, move_seconds: int
) -> str:
    lobby = (
        await client.post(
            "/api/v1/lobbies",
            headers=ada.auth,
            json={
                "game": "high-card",
                "seats": 2,
                "options": {"tricks": 3},
                "slow_clock": {"move_seconds": move_seconds, "bank_seconds": 0},
            },
        )
    ).json()
    await client.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json={})
    await client.post(f"/api/v1/lobbies/{lobby['id']}/ready", headers=bob.auth, json={})
    started = await client.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=ada.auth)
    return str(started.json()["match_id"])


async def _mine(client: httpx.AsyncClient, player: Player) -> dict[str, Any]:
    response = await client.get("/api/v1/players/me/matches", headers=player.auth)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def test_my_turns_come_first_the_most_urgent_first(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    relaxed = await _slow_table(client, ada, bob, 2 * HOUR)
    played = await _slow_table(client, ada, bob, HOUR)
    urgent = await _slow_table(client, ada, bob, HOUR)
    seen = await envelope(client, played, ada)
    assert (await act(client, played, ada, seen["legal_actions"][0])).status_code == 200
    mine = await _mine(client, ada)
    assert mine["waiting"] == 2
    assert [m["id"] for m in mine["active"]] == [urgent, relaxed, played]
    first = mine["active"][0]
    assert first["my_turn"] and first["clock"]["move_seconds"] == HOUR
    assert first["deadline"] == first["clock"]["seats"][0]["deadline"]


async def test_the_last_move_is_the_public_log_line_never_a_private_one(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await _slow_table(client, ada, bob, HOUR)
    assert (await _mine(client, bob))["active"][0]["last_move"] is None
    seen = await envelope(client, match_id, ada)
    card = seen["legal_actions"][0]["card"]
    assert (await act(client, match_id, ada, seen["legal_actions"][0])).status_code == 200
    entry = (await _mine(client, bob))["active"][0]
    assert entry["my_turn"] and entry["last_move"]["seat"] == 0
    assert entry["last_move"]["text"] == f"Ada played the {card}."
    log = (await client.get(f"/api/v1/matches/{match_id}/log", headers=bob.auth)).json()
    public = [e["text"] for e in log["entries"] if e["seat"] == 0 and not e["private"]]
    assert entry["last_move"]["text"] == public[-1]
    # Ada's own list shows no move of hers, nor her private "You keep ..." line.
    assert (await _mine(client, ada))["active"][0]["last_move"] is None
    # Ada's kept hand (secret to her) is in none of Bob's list.
    kept = [c for c in seen["view"]["hand"] if c != card]
    listed = json.dumps(await _mine(client, bob))
    assert kept and not any(re.search(rf"\b{re.escape(c)}\b", listed) for c in kept)

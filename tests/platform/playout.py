"""Playing matches to their end over the API, for the ratings, replay and export tests."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx

from tests.platform.helpers import Player, act, new_player

MAX_STEPS = 20_000


async def open_table(
    http: httpx.AsyncClient,
    host: Player,
    game: str,
    seats: int,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    response = await http.post(
        "/api/v1/lobbies",
        headers=host.auth,
        json={"game": game, "seats": seats, "options": options or {}, **fields},
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


async def seat_and_start(
    http: httpx.AsyncClient, lobby: dict[str, Any], host: Player, guests: list[Player]
) -> str:
    for guest in guests:
        path = f"/api/v1/lobbies/{lobby['id']}"
        assert (await http.post(f"{path}/join", headers=guest.auth, json={})).status_code == 200
        assert (await http.post(f"{path}/ready", headers=guest.auth, json={})).status_code == 200
    started = await http.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=host.auth)
    assert started.status_code == 200, started.text
    return str(started.json()["match_id"])


async def rated_match(
    http: httpx.AsyncClient, game: str, players: list[Player], options: dict[str, Any] | None = None
) -> str:
    """A started match at a rated table of these players (the first one hosts)."""
    lobby = await open_table(http, players[0], game, len(players), options, rated=True)
    assert lobby["rated"] is True
    return await seat_and_start(http, lobby, players[0], players[1:])


async def play_out(
    http: httpx.AsyncClient, match_id: str, players: list[Player], seed: str = "playout"
) -> dict[str, Any]:
    """Every human seat picks random legal actions (bots play themselves) until the end;
    returns the final spectator envelope."""
    rng = random.Random(seed)
    path = f"/api/v1/matches/{match_id}"
    for _ in range(MAX_STEPS):
        moved = False
        for player in players:
            mine = (await http.get(f"{path}/state", headers=player.auth)).json()
            if mine["status"] != "active":
                return dict((await http.get(f"{path}/state")).json())
            if mine["seat"] in mine["to_act"] and mine["legal_actions"]:
                action = rng.choice(mine["legal_actions"])
                response = await act(http, match_id, player, action, version=mine["version"])
                assert response.status_code in (200, 409), response.text
                moved = True
        if not moved:
            await asyncio.sleep(0.002)  # a bot is thinking
    raise AssertionError(f"match {match_id} did not finish")


async def players(http: httpx.AsyncClient, *names: str) -> list[Player]:
    return [await new_player(http, name) for name in names]

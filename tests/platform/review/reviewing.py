"""Helpers of the review tests: a finished match of Ada against a bot, a review waited for."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from tests.platform.helpers import Player, new_player
from tests.platform.playout import open_table, play_out, seat_and_start

GAME = "fox-on-the-run"  # a two-player match of a few dozen steps
REVIEW_SETTINGS: dict[str, Any] = {
    "review_iterations": 4,  # the equality and the plumbing are tested, not the search
    "rate_per_minute": 100_000,
    "admin_token": "test-admin-token-0123456789abcdef",
}
WAITS = 20_000


async def bot_match(http: httpx.AsyncClient, private: bool = False) -> tuple[Player, str]:
    """Ada in seat 0 against the standard bot, started (not played)."""
    ada = await new_player(http, "Ada")
    lobby = await open_table(http, ada, GAME, 2, private=private)
    put = await http.put(
        f"/api/v1/lobbies/{lobby['id']}/seats/1", headers=ada.auth, json={"bot": "standard"}
    )
    assert put.status_code == 200, put.text
    return ada, await seat_and_start(http, lobby, ada, [])


async def finished_match(http: httpx.AsyncClient, private: bool = False) -> tuple[Player, str]:
    ada, match_id = await bot_match(http, private)
    await play_out(http, match_id, [ada], seed="review")
    return ada, match_id


async def reviewed(
    http: httpx.AsyncClient, match_id: str, seat: int, player: Player
) -> dict[str, Any]:
    """Ask for the review of `seat` and wait until the worker has worked it out."""
    path = f"/api/v1/matches/{match_id}/reviews/{seat}"
    asked = await http.post(path, headers=player.auth)
    assert asked.status_code == 202, asked.text
    return await waited(http, path, player)


async def waited(http: httpx.AsyncClient, path: str, player: Player) -> dict[str, Any]:
    """The review at `path` once the worker has worked it out."""
    for _ in range(WAITS):
        body = (await http.get(path, headers=player.auth)).json()
        if body["status"] in ("done", "failed"):
            assert body["status"] == "done", body
            return dict(body)
        await asyncio.sleep(0.005)  # the worker's thread is weighing a decision
    raise AssertionError(f"the review at {path} never finished")

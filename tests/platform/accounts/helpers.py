"""Helpers for the account tests: claim a guest, sign in on another device."""

from __future__ import annotations

import httpx

from tests.platform.helpers import Player, new_player

PASSWORD = "correct horse battery"


async def claimed(
    http: httpx.AsyncClient, name: str, username: str, password: str = PASSWORD
) -> Player:
    """A guest that claimed an account; its token is now the first device's session."""
    player = await new_player(http, name)
    response = await http.post(
        "/api/v1/players/me/account",
        headers=player.auth,
        json={"username": username, "password": password},
    )
    assert response.status_code == 201, response.text
    return player


async def sign_in(
    http: httpx.AsyncClient, username: str, password: str = PASSWORD, device: str = "Desktop"
) -> Player:
    """The same player, signed in on another device (a new token)."""
    response = await http.post(
        "/api/v1/sessions",
        json={"username": username, "password": password},
        headers={"User-Agent": device},
    )
    assert response.status_code == 201, response.text
    body = response.json()
    return Player(body["player"]["id"], body["player"]["name"], body["token"])


def code(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]

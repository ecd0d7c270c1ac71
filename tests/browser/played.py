"""Matches of two people played to the end over the REST API, for the replay and profile
browser tests."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.browser.conftest import register
from tests.servers import Server


def auth(identity: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {identity['token']}"}


def two_player_match(
    site: Server,
    game: str,
    rated: bool = False,
    names: tuple[str, str] = ("Ada", "Bob"),
    options: dict[str, Any] | None = None,
) -> tuple[list[dict[str, str]], str]:
    ada, bob = register(site, names[0]), register(site, names[1])
    lobby = httpx.post(
        site.url + "/api/v1/lobbies",
        headers=auth(ada),
        json={"game": game, "seats": 2, "rated": rated, "options": options or {}},
    ).json()
    base = f"{site.url}/api/v1/lobbies/{lobby['id']}"
    httpx.post(base + "/join", headers=auth(bob), json={}).raise_for_status()
    httpx.post(base + "/ready", headers=auth(bob), json={}).raise_for_status()
    started = httpx.post(base + "/start", headers=auth(ada))
    started.raise_for_status()
    return [ada, bob], str(started.json()["match_id"])


def play_to_the_end(site: Server, players: list[dict[str, str]], match: str) -> dict[str, Any]:
    """Both seats pick random legal moves over the REST API until the match is over."""
    rng = random.Random(match)
    path = f"{site.url}/api/v1/matches/{match}"
    for _ in range(5_000):
        for player in players:
            mine = httpx.get(path + "/state", headers=auth(player)).json()
            # A move answers with the mover's envelope: whoever moves again (the winner of a
            # trick leads the next) moves on from it, without asking for the state again.
            while (
                mine["status"] == "active"
                and mine["seat"] in mine["to_act"]
                and mine["legal_actions"]
            ):
                choice = {"action": rng.choice(mine["legal_actions"]), "version": mine["version"]}
                moved = httpx.post(path + "/actions", headers=auth(player), json=choice)
                if moved.status_code != 200:
                    break  # the state is asked for again
                mine = moved.json()
            if mine["status"] != "active":
                return dict(httpx.get(path + "/state").json())
    raise AssertionError("the match did not end")

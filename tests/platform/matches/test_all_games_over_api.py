"""Every registered game plays whole matches over the API, a human seat among bots, and
nothing hidden from a viewer ever reaches it through the platform (envelope or log)."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import httpx
import pytest

from app.games import REGISTRY
from tests.games.conformance import option_sets
from tests.platform.helpers import Player, act, new_player

MAX_POLLS = 20_000


# Variants each issue names, played in full on top of the generic choice below.
NAMED_VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("fox-in-the-forest", 2, {"special_cards": 9, "poison": True, "goals": True}),
    ("fox-in-the-forest-duet", 2, {"level": 2}),
    ("fox-in-the-forest-duet", 2, {"level": 3}),
    ("fox-on-the-tree", 3, {}),
    ("fox-on-the-run", 5, {"neutrals": "raffles-with-guardians"}),
    ("oh-fox", 3, {"masked_predator": True, "animal_cards": "completely_nuts"}),
    ("oh-fox", 4, {"animal_cards": "tough_nut", "objectives": "two"}),
]


def _tables() -> list[tuple[str, int, dict[str, Any]]]:
    """For each game: its smallest and largest table, with default and varied options."""
    tables = list(NAMED_VARIANTS)
    for engine in REGISTRY.values():
        combos = option_sets(engine)
        for players in (engine.seats.start, engine.seats.stop - 1):
            sized = [options for count, options in combos if count == players]
            picks = {json.dumps(sized[0], sort_keys=True), json.dumps(sized[-1], sort_keys=True)}
            tables += [(engine.id, players, json.loads(options)) for options in sorted(picks)]
    return tables


def _hidden_from(loaded: Any, viewer: int | None) -> list[str]:
    return [s.value for s in loaded.engine.secrets(loaded.state) if viewer not in s.known_to]


def _assert_nothing_hidden(sent: Any, hidden: list[str], seed: int) -> None:
    text = json.dumps(sent)
    for token in [*hidden, str(seed)]:
        assert not re.search(r"(?<![\w-])" + re.escape(token) + r"(?![\w-])", text), token


async def _seed_of(client: httpx.AsyncClient, match_id: str) -> int:
    admin = {"Authorization": "Bearer test-admin-token-0123456789abcdef"}
    raw = await client.get(f"/api/v1/admin/matches/{match_id}/state", headers=admin)
    return int(raw.json()["seed"])


async def _start(
    client: httpx.AsyncClient, game: str, players: int, options: dict[str, Any]
) -> tuple[Player, str]:
    human = await new_player(client, "Ada")
    lobby = (
        await client.post(
            "/api/v1/lobbies",
            headers=human.auth,
            json={"game": game, "seats": players, "options": options},
        )
    ).json()
    strategies = (await client.get("/api/v1/games")).json()
    bots = next(g["bots"] for g in strategies if g["id"] == game)
    for seat in range(1, players):
        await client.put(
            f"/api/v1/lobbies/{lobby['id']}/seats/{seat}",
            headers=human.auth,
            json={"bot": bots[seat % len(bots)]},
        )
    started = await client.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=human.auth)
    assert started.status_code == 200, started.text
    return human, started.json()["match_id"]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("game", "players", "options"), _tables())
async def test_a_whole_match_over_the_api(
    client: httpx.AsyncClient, game: str, players: int, options: dict[str, Any]
) -> None:
    human, match_id = await _start(client, game, players, options)
    seed = await _seed_of(client, match_id)
    context = client.app.state.context  # type: ignore[attr-defined]
    rng = random.Random(f"{game}:{players}")
    path = f"/api/v1/matches/{match_id}"
    for _ in range(MAX_POLLS):
        mine = (await client.get(f"{path}/state", headers=human.auth)).json()
        watcher = (await client.get(f"{path}/state")).json()
        loaded = context.matches.get(match_id)
        if mine["status"] == "active" and loaded.version == mine["version"]:
            _assert_nothing_hidden(mine, _hidden_from(loaded, 0), seed)
            if watcher["version"] == loaded.version:
                _assert_nothing_hidden(watcher, _hidden_from(loaded, None), seed)
        if mine["status"] != "active":
            break
        if 0 in mine["to_act"]:
            response = await act(
                client, match_id, human, rng.choice(mine["legal_actions"]), version=mine["version"]
            )
            assert response.status_code in (200, 409), response.text
        else:
            await asyncio.sleep(0.002)
    assert mine["status"] == "finished", f"{game} did not finish"
    assert len(mine["outcome"]["scores"]) == players
    log = (await client.get(f"{path}/log", headers=human.auth)).json()
    assert log["replay"] and len(log["replay"]) == log["version"]

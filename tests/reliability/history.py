"""What a finished match's history must show: every move its players sent, at the version they
sent it at, and a replay through the engine that ends in the state the server holds."""

from __future__ import annotations

from typing import Any

import httpx

from app.games import REGISTRY
from tests.games.conformance import canonical
from tests.reliability.players import Table


async def _read(http: httpx.AsyncClient, path: str, token: str) -> Any:
    response = await http.get(path, headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    return response.json()


async def versions_after(http: httpx.AsyncClient, match_id: str, version: int) -> set[int]:
    """The versions the (public) log shows after `version`: one per applied move."""
    log = (await http.get(f"/api/v1/matches/{match_id}/log?after={version}")).json()
    return {entry["seq"] for entry in log["entries"]}


async def check_replay(
    http: httpx.AsyncClient, match_id: str, token: str, admin_token: str
) -> list[dict[str, Any]]:
    """The finished match's steps, one per version with none missing; replayed through the
    engine from the seed they give the state the server holds."""
    path = f"/api/v1/matches/{match_id}"
    summary = await _read(http, path, token)
    log = await _read(http, path + "/log", token)
    raw = await _read(http, f"/api/v1/admin/matches/{match_id}/state", admin_token)
    steps: list[dict[str, Any]] = log["replay"]
    assert summary["status"] == "finished"
    assert [step["seq"] for step in steps] == list(range(1, raw["version"] + 1))
    engine = REGISTRY[summary["game"]]
    state = engine.setup(len(summary["seats"]), summary["options"], raw["seed"])
    for step in steps:
        state = engine.apply(state, step["seat"], step["action"]).state
    assert canonical(engine.encode(state)) == canonical(raw["state"])
    return steps


async def check_history(http: httpx.AsyncClient, table: Table, admin_token: str) -> int:
    """Asserts the history of one finished match; returns how many acknowledged moves it holds."""
    steps = await check_replay(http, table.match_id, table.tokens[0], admin_token)
    for step in steps:
        move = table.moves.get(step["seq"] - 1)
        assert move is not None, f"a move nobody sent: {step}"
        assert (step["seat"], step["action"], step["actor"]) == (move.seat, move.action, "player")
    acknowledged = [version for version, move in table.moves.items() if move.acknowledged]
    assert all(version < len(steps) for version in acknowledged), "an acknowledged move is lost"
    return len(acknowledged)

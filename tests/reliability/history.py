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


async def check_history(http: httpx.AsyncClient, table: Table, admin_token: str) -> int:
    """Asserts the history of one finished match; returns how many acknowledged moves it holds."""
    path = f"/api/v1/matches/{table.match_id}"
    summary = await _read(http, path, table.tokens[0])
    log = await _read(http, path + "/log", table.tokens[0])
    raw = await _read(http, f"/api/v1/admin/matches/{table.match_id}/state", admin_token)
    steps = log["replay"]
    assert summary["status"] == "finished"
    assert [step["seq"] for step in steps] == list(range(1, raw["version"] + 1))
    for step in steps:
        move = table.moves.get(step["seq"] - 1)
        assert move is not None, f"a move nobody sent: {step}"
        assert (step["seat"], step["action"], step["actor"]) == (move.seat, move.action, "player")
    acknowledged = [version for version, move in table.moves.items() if move.acknowledged]
    assert all(version < len(steps) for version in acknowledged), "an acknowledged move is lost"
    engine = REGISTRY[summary["game"]]
    state = engine.setup(len(summary["seats"]), summary["options"], raw["seed"])
    for step in steps:
        state = engine.apply(state, step["seat"], step["action"]).state
    assert canonical(engine.encode(state)) == canonical(raw["state"])
    return len(acknowledged)

"""Third-party clients learn what a game's `view` holds: `view_schema` in GET /api/v1/games and
the same schema among the OpenAPI components."""

from __future__ import annotations

import httpx
from jsonschema import Draft202012Validator

from app.games import GAMES, REGISTRY


async def test_every_game_publishes_the_schema_its_views_satisfy(client: httpx.AsyncClient) -> None:
    games = {game["id"]: game for game in (await client.get("/api/v1/games")).json()}
    for game_id, engine in REGISTRY.items():
        schema = games[game_id]["view_schema"]
        Draft202012Validator.check_schema(schema)
        if game_id in GAMES:  # a real game's view has parts (the fake test game's is flat)
            assert schema.get("$defs"), f"{game_id}: the schema describes the view's parts"
        players = engine.seats.start
        state = engine.setup(players, engine.check_options({}, players), 7)
        validator = Draft202012Validator(schema)
        for viewer in [None, *range(players)]:
            view = engine.view(state, viewer)
            assert not list(validator.iter_errors(view)), (game_id, viewer)
            assert list(validator.iter_errors({**view, "undeclared": 1})), "objects are closed"


async def test_the_openapi_document_has_each_games_view(client: httpx.AsyncClient) -> None:
    components = (await client.get("/openapi.json")).json()["components"]["schemas"]
    for view in ("FoxInTheForestView", "FoxInTheForestDuetView", "FoxOnTheTreeView"):
        assert view in components
    assert "grid" in components["FoxOnTheRunView"]["properties"]
    assert "OhFoxView" in components and "OhFoxSeatScoreView" in components
    refs = _refs(components)
    assert refs and all(ref.removeprefix("#/components/schemas/") in components for ref in refs)


def _refs(node: object) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []

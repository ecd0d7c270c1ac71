"""The games in the OpenAPI document: each game's view, actions and outcome as components, and
the envelope and the action request linked to them by discriminators.

The route models (app/matches/schemas.py) type `view`, `legal_actions` and `outcome` as plain
objects, because one route serves every game. Here the document's `Envelope` becomes a union of
one envelope per game, told apart by `game`, whose `legal_actions` are that game's actions
(told apart by `type`); generators then produce typed unions. What is sent does not change.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from app.catalogue.action_schema import COMPONENTS, action_components
from app.catalogue.view_schema import game_prefix, view_components
from app.games.protocol import Engine

OUTCOME: dict[str, Any] = {
    "title": "Outcome",
    "type": "object",
    "description": "How a finished match ended.",
    "properties": {
        "winners": {
            "type": "array",
            "items": {"type": "integer"},
            "description": "The winning seats: several for a shared win, none for a team loss",
        },
        "scores": {
            "type": "array",
            "items": {"type": "integer"},
            "description": "One score per seat",
        },
        "reason": {"type": "string", "description": 'A stable code such as "target_score"'},
        "detail": {
            "type": "object",
            "additionalProperties": True,
            "description": "The game's public score table",
        },
    },
    "required": ["winners", "scores", "reason", "detail"],
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": COMPONENTS + name}


def _nullable(name: str) -> dict[str, Any]:
    return {"anyOf": [_ref(name), {"type": "null"}]}


def game_components(games: Mapping[str, Engine[Any]]) -> dict[str, Any]:
    """Every game's view and action components, and the shared outcome."""
    components: dict[str, Any] = {"Outcome": OUTCOME}
    for game_id, engine in games.items():
        prefix = game_prefix(game_id)
        components.update(view_components(prefix, engine.view_type))
        components.update(action_components(prefix, engine.action_types))
    return components


def type_the_games(schemas: dict[str, Any], games: Mapping[str, Engine[Any]]) -> None:
    """Add the game components and link the envelope, the action request and the match
    summary's outcome to them."""
    schemas.update(game_components(games))
    schemas["MatchSummaryPublic"]["properties"]["outcome"] = _nullable("Outcome")
    envelope = schemas.pop("Envelope")
    mapping = {}
    for game_id in games:
        name = game_prefix(game_id) + "Envelope"
        schemas[name] = _game_envelope(envelope, game_id, name, schemas)
        mapping[game_id] = COMPONENTS + name
    schemas["Envelope"] = {
        "title": "Envelope",
        "description": envelope["description"] + " One shape per game, told apart by `game`.",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "game", "mapping": mapping},
    }
    unions = [_ref(name) for name in (game_prefix(g) + "Action" for g in games) if name in schemas]
    request = schemas["ActionRequest"]["properties"]
    request["action"] = {"description": request["action"]["description"], "anyOf": unions}


def _game_envelope(
    envelope: dict[str, Any], game_id: str, name: str, schemas: Mapping[str, Any]
) -> dict[str, Any]:
    """The envelope of one game: `game` is its id, `view` and `legal_actions` its types."""
    typed = copy.deepcopy(envelope)
    typed["title"] = name
    prefix = game_prefix(game_id)
    properties = typed["properties"]
    properties["game"] = {"type": "string", "enum": [game_id]}
    if prefix + "View" in schemas:
        properties["view"] = _ref(prefix + "View")
    if prefix + "Action" in schemas:
        properties["legal_actions"]["items"] = _ref(prefix + "Action")
    properties["outcome"] = _nullable("Outcome")
    return typed

"""Each game is typed in the OpenAPI document: its actions (one component per action type,
told apart by `type`), its view, its outcome; the envelope is one shape per game, told apart
by `game`, and generators name every component differently.

The action components are generated from each engine's `rules_types.py`; these tests hold
them to what the engine really lists and parses (its SHAPES)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from app.catalogue.view_schema import game_prefix
from app.games import REGISTRY
from app.games.actions import Shapes
from app.games.fox_in_the_forest import rules as forest_rules
from app.games.fox_in_the_forest_duet import rules as duet_rules
from app.games.fox_on_the_run import rules as run_rules
from app.games.fox_on_the_tree import rules_actions as tree_actions
from app.games.oh_fox import rules as oh_fox_rules
from app.games.protocol import Engine
from tests.api_contract.document import component_validator, openapi_document
from tests.games import conformance as c

SHAPES: dict[str, Shapes] = {
    "fox-in-the-forest": forest_rules.SHAPES,
    "fox-in-the-forest-duet": duet_rules.SHAPES,
    "fox-on-the-run": run_rules.SHAPES,
    "fox-on-the-tree": tree_actions.SHAPES,
    "oh-fox": oh_fox_rules.SHAPES,
}
PLAYOUTS = 12

ENGINES = list(REGISTRY.values())
per_game = pytest.mark.parametrize("engine", ENGINES, ids=[e.id for e in ENGINES])


def schemas() -> dict[str, Any]:
    found: dict[str, Any] = openapi_document()["components"]["schemas"]
    return found


def action_components(game_id: str) -> dict[str, dict[str, Any]]:
    """The game's action components by action type."""
    union = schemas()[game_prefix(game_id) + "Action"]
    return {
        kind: schemas()[ref.rsplit("/", 1)[1]]
        for kind, ref in union["discriminator"]["mapping"].items()
    }


def playouts(engine: Engine[Any]) -> list[c.Playout]:
    combos = c.option_sets(engine)
    rng = random.Random(f"contract:{engine.id}")
    return [
        c.random_playout(engine, *combos[i % len(combos)], rng.getrandbits(63))
        for i in range(max(PLAYOUTS, len(combos)))
    ]


@per_game
def test_every_legal_action_validates_against_the_games_action_schema(
    engine: Engine[Any],
) -> None:
    validator = component_validator(game_prefix(engine.id) + "Action")
    listed = 0
    for playout in playouts(engine):
        for state in playout.states:
            for seat in engine.to_act(state):
                for action in engine.legal_actions(state, seat):
                    validator.validate(action)
                    listed += 1
    assert listed > 0


@per_game
def test_action_schemas_name_exactly_the_fields_the_engine_parses(engine: Engine[Any]) -> None:
    components = action_components(engine.id)
    shapes = SHAPES[engine.id]
    assert list(components) == list(shapes)
    for kind, fields in shapes.items():
        schema = components[kind]
        assert set(schema["properties"]) == {"type", *fields}, kind
        required = {name for name, field in fields.items() if field.required}
        assert set(schema["required"]) == {"type", *required}, kind
        assert schema["additionalProperties"] is False


@per_game
def test_closed_lists_of_values_are_enums_the_engine_accepts(engine: Engine[Any]) -> None:
    """Where the schema lists a field's values, they are exactly the values the engine's
    parser accepts, so a client can pick any of them."""
    for kind, fields in SHAPES[engine.id].items():
        properties = action_components(engine.id)[kind]["properties"]
        for name, field in fields.items():
            listed = properties[name].get("enum")
            if listed is not None:
                assert field.values is not None, (kind, name)
                assert sorted(listed, key=str) == sorted(field.values, key=str), (kind, name)


@per_game
def test_outcomes_validate_and_scores_are_whole(engine: Engine[Any]) -> None:
    validator = component_validator("Outcome")
    for playout in playouts(engine)[:4]:
        outcome = engine.outcome(playout.final)
        assert outcome is not None
        validator.validate(
            {
                "winners": list(outcome.winners),
                "scores": list(outcome.scores),
                "reason": outcome.reason,
                "detail": dict(outcome.detail),
            }
        )
        assert all(float(score).is_integer() for score in outcome.scores)


def test_the_envelope_is_one_shape_per_game_told_apart_by_game() -> None:
    envelope = schemas()["Envelope"]
    assert envelope["discriminator"]["propertyName"] == "game"
    assert set(envelope["discriminator"]["mapping"]) == set(REGISTRY)
    for game_id, ref in envelope["discriminator"]["mapping"].items():
        typed = schemas()[ref.rsplit("/", 1)[1]]["properties"]
        prefix = game_prefix(game_id)
        assert typed["game"]["enum"] == [game_id]
        assert typed["view"] == {"$ref": f"#/components/schemas/{prefix}View"}
        assert typed["legal_actions"]["items"] == {"$ref": f"#/components/schemas/{prefix}Action"}


def test_the_action_request_is_any_games_action() -> None:
    action = schemas()["ActionRequest"]["properties"]["action"]
    assert action["anyOf"] == [
        {"$ref": f"#/components/schemas/{game_prefix(game_id)}Action"} for game_id in REGISTRY
    ]


def test_every_component_has_its_own_title() -> None:
    """Generators name classes after titles: two components titled `CardView` became one
    class, and openapi-python-client dropped 11 schemas."""
    titles = Counter(schema.get("title", name) for name, schema in schemas().items())
    assert [title for title, count in titles.items() if count > 1] == []

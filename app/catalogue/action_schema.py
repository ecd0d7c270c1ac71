"""Each game's actions as OpenAPI components, generated from the TypedDicts of the engine's
`rules_types.py` (one per action type), and the game's union of them told apart by `type`.

Generators turn the union into a typed union ("FoxInTheForestPlayAction | ..."); the
conformance check asserts that every legal action an engine lists validates against it.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from app.catalogue.view_schema import view_schema

COMPONENTS = "#/components/schemas/"


@cache
def action_schema(action_type: type) -> dict[str, Any]:
    """One action type's JSON Schema, closed like the views (an extra field is malformed)."""
    return view_schema(action_type)


def action_components(prefix: str, action_types: tuple[type, ...]) -> dict[str, Any]:
    """ "FoxInTheForestPlayAction", ... and "FoxInTheForestAction", their union by `type`;
    nothing for an engine that declares no actions (a test double)."""
    if not action_types:
        return {}
    components: dict[str, Any] = {}
    mapping: dict[str, str] = {}
    for action_type in action_types:
        name = prefix + action_type.__name__
        schema = copy.deepcopy(action_schema(action_type))
        schema["title"] = name
        components[name] = schema
        mapping[schema["properties"]["type"]["const"]] = COMPONENTS + name
    components[prefix + "Action"] = {
        "title": prefix + "Action",
        "description": "Every action of the game; `type` says which.",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping},
    }
    return components

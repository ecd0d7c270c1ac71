"""Each game's published `view_schema`: JSON Schema generated from the view's TypedDict.

The engine's view code is typed with that TypedDict (mypy checks it), so the schema is never a
second, hand-written copy. Objects are closed (`additionalProperties: false`): a key the view
adds without declaring it fails the conformance check instead of reaching clients unannounced.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import TypeAdapter


@cache
def view_schema(view_type: type) -> dict[str, Any]:
    schema = TypeAdapter(view_type).json_schema()
    _close_objects(schema)
    return schema


def _close_objects(node: Any) -> None:
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            node.setdefault("additionalProperties", False)
        for value in node.values():
            _close_objects(value)
    elif isinstance(node, list):
        for item in node:
            _close_objects(item)


def openapi_components(games: Mapping[str, object]) -> dict[str, Any]:
    """Every game's view schema as OpenAPI components, named after the game
    ("FoxOnTheTreeView", "FoxOnTheTreeTileView", ...) so that games never collide."""
    components: dict[str, Any] = {}
    for game_id, engine in games.items():
        view_type = getattr(engine, "view_type", None)
        if view_type is None:
            continue
        prefix = "".join(part.title() for part in game_id.split("-"))
        schema = copy.deepcopy(view_schema(view_type))
        definitions = schema.pop("$defs", {})
        for name, definition in definitions.items():
            components[prefix + name] = _moved_refs(definition, prefix)
        components[f"{prefix}View"] = _moved_refs(schema, prefix)
    return components


def _moved_refs(node: Any, prefix: str) -> Any:
    """References into `$defs` rewritten to point at the components."""
    if isinstance(node, dict):
        moved = {key: _moved_refs(value, prefix) for key, value in node.items()}
        ref = moved.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            moved["$ref"] = "#/components/schemas/" + prefix + ref.removeprefix("#/$defs/")
        return moved
    if isinstance(node, list):
        return [_moved_refs(item, prefix) for item in node]
    return node

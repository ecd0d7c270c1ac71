"""Each game's published `view_schema`: JSON Schema generated from the view's TypedDict.

The engine's view code is typed with that TypedDict (mypy checks it), so the schema is never a
second, hand-written copy. Objects are closed (`additionalProperties: false`): a key the view
adds without declaring it fails the conformance check instead of reaching clients unannounced.
"""

from __future__ import annotations

import copy
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


def game_prefix(game_id: str) -> str:
    """The prefix of a game's component names: "fox-on-the-tree" -> "FoxOnTheTree"."""
    return "".join(part.title() for part in game_id.split("-"))


def view_components(prefix: str, view_type: type) -> dict[str, Any]:
    """A game's view schema as OpenAPI components ("FoxOnTheTreeView", "FoxOnTheTreeTileView",
    ...), so that games never collide. Each component's title is its name: generators name
    classes after titles, and two games' `CardView` would otherwise be one class."""
    schema = copy.deepcopy(view_schema(view_type))
    definitions = schema.pop("$defs", {})
    components = {prefix + name: _moved_refs(d, prefix) for name, d in definitions.items()}
    components[f"{prefix}View"] = _moved_refs(schema, prefix)
    for name, component in components.items():
        component["title"] = name
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

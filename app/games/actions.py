"""The one action-shape checker: `{"type": ..., fields}` against the shapes a game declares.

Every engine declares its actions as `Shapes` (type -> field -> `Field`) and calls
`check_shape` first thing in `apply`. Anything that is not a well-formed action (not an
object, an unknown type, a missing or extra field, a value of the wrong JSON type or outside
the field's values) is refused here with `action/malformed`; whether a well-formed action is
allowed now is the rules' business (`action/illegal`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from app.games.protocol import MALFORMED, IllegalAction


@dataclass(frozen=True)
class Field:
    """One field of an action: its JSON type, the values it may take, and the sentence a
    player reads when the value is wrong ("Name a suit: bells, keys or moons.").

    `kind` is compared exactly, so `true` is refused where a seat number is due (a bool is an
    int in Python). `values` (a container) or `valid` (a test) narrow the field further.
    `required=False` lets the field be left out (an Oh, Fox! stop card has no direction).
    """

    kind: type
    error: str
    values: Collection[Any] | None = None
    valid: Callable[[Any], bool] | None = None
    required: bool = True

    def accepts(self, value: Any) -> bool:
        if type(value) is not self.kind:
            return False
        if self.values is not None and value not in self.values:
            return False
        return self.valid is None or self.valid(value)


Shapes = Mapping[str, Mapping[str, Field]]
"""Every action type of a game and its fields (an empty mapping: no field but "type")."""


def check_shape(action: object, shapes: Shapes) -> dict[str, Any]:
    """The action as a plain dict, or IllegalAction(MALFORMED) saying what is wrong with it."""
    if not isinstance(action, Mapping):
        raise IllegalAction("An action must be a JSON object.", MALFORMED)
    kind = action.get("type")
    fields = shapes.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise IllegalAction(f"Unknown action type; use one of: {', '.join(shapes)}.", MALFORMED)
    # Plain loops, not any()/all() over generators: every move a bot tries passes here.
    for name in action:
        if name != "type" and name not in fields:
            raise _wrong_fields(kind, fields)
    for name, field in fields.items():
        if name in action:
            if not field.accepts(action[name]):
                raise IllegalAction(field.error, MALFORMED)
        elif field.required:
            raise _wrong_fields(kind, fields)
    return dict(action)


def _wrong_fields(kind: object, fields: Mapping[str, Field]) -> IllegalAction:
    names = ", ".join(fields) or "no other fields"
    return IllegalAction(f"A {kind} action takes {names}.", MALFORMED)

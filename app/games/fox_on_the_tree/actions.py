"""The action vocabulary and its strict parser.

Every action is a JSON object with a "type" and exactly the fields listed here. Anything else
(unknown type, missing or extra field, wrong type, a tile or animal that does not exist) is
MALFORMED; whether a well-formed action is allowed now is the rules' business.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.games.fox_on_the_tree.data import ANIMALS, TILE_COUNT
from app.games.protocol import MALFORMED, IllegalAction

PLAY_BANANA = "play_banana"  # start of turn: a Banana Peel on an empty Path tile
PLAY_SWAMP = "play_swamp"  # start of turn: a Swamp on a Path tile without a token
PLAY_ESCAPE = "play_escape"  # start of turn: send an animal on a Path tile home
RESCUE = "rescue"  # remove a Swamp token from a tile with an animal on it
MOVE = "move"  # move an animal; "to" is where the move ends, before Banana Peels
PASS = "pass"  # only when neither a rescue nor a move is possible
SAVE = "save"  # Escape reaction: send the animal about to be eliminated home
DECLINE = "decline"  # Escape reaction: let the animal be eliminated

FIELDS: dict[str, tuple[str, ...]] = {
    PLAY_BANANA: ("tile",),
    PLAY_SWAMP: ("tile",),
    PLAY_ESCAPE: ("animal",),
    RESCUE: ("tile",),
    MOVE: ("animal", "to"),
    PASS: (),
    SAVE: ("animal",),
    DECLINE: ("animal",),
}
TILE_FIELDS = ("tile", "to")


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed action: the type and its fields, already checked for shape and domain."""

    type: str
    animal: str = ""
    tile: int = -1

    def as_action(self) -> dict[str, Any]:
        """The action exactly as the client must send it (as listed in legal actions)."""
        action: dict[str, Any] = {"type": self.type}
        for name in FIELDS[self.type]:
            action[name] = self.animal if name == "animal" else self.tile
        return action


def parse(action: object) -> Command:
    if not isinstance(action, Mapping):
        raise IllegalAction("An action must be a JSON object.", MALFORMED)
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise IllegalAction("Unknown action type.", MALFORMED)
    expected = {"type", *FIELDS[kind]}
    if set(action) != expected:
        names = ", ".join(sorted(FIELDS[kind])) or "no other field"
        raise IllegalAction(f"A {kind} action takes {names}.", MALFORMED)
    tile = _tile(action.get("tile", action.get("to", -1))) if _has_tile(kind) else -1
    animal = _animal(action["animal"]) if "animal" in expected else ""
    return Command(kind, animal, tile)


def _has_tile(kind: str) -> bool:
    return any(name in TILE_FIELDS for name in FIELDS[kind])


def _tile(value: object) -> int:
    # bool is an int in Python: refuse True as tile 1.
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < TILE_COUNT:
        raise IllegalAction("A tile is a number from 0 (the Farm) to 9 (the Lair).", MALFORMED)
    return value


def _animal(value: object) -> str:
    if not isinstance(value, str) or value not in ANIMALS:
        raise IllegalAction(f"An animal is one of: {', '.join(ANIMALS)}.", MALFORMED)
    return value

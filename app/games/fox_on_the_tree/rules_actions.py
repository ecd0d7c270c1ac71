"""The action vocabulary and its strict parser (the shapes, checked by app.games.actions).

Every action is a JSON object with a "type" and exactly the fields listed here. Anything else
(unknown type, missing or extra field, wrong type, a tile or animal that does not exist) is
MALFORMED; whether a well-formed action is allowed now is the rules' business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.games.actions import Field, Shapes, check_shape
from app.games.fox_on_the_tree.data import ANIMALS, TILE_COUNT

PLAY_BANANA = "play_banana"  # start of turn: a Banana Peel on an empty Path tile
PLAY_SWAMP = "play_swamp"  # start of turn: a Swamp on a Path tile without a token
PLAY_ESCAPE = "play_escape"  # start of turn: send an animal on a Path tile home
RESCUE = "rescue"  # remove a Swamp token from a tile with an animal on it
MOVE = "move"  # move an animal; "to" is where the move ends, before Banana Peels
PASS = "pass"  # only when neither a rescue nor a move is possible
SAVE = "save"  # Escape reaction: send the animal about to be eliminated home
DECLINE = "decline"  # Escape reaction: let the animal be eliminated

_TILE = Field(int, "A tile is a number from 0 (the Farm) to 9 (the Lair).", range(TILE_COUNT))
_ANIMAL = Field(str, f"An animal is one of: {', '.join(ANIMALS)}.", ANIMALS)
SHAPES: Shapes = {
    PLAY_BANANA: {"tile": _TILE},
    PLAY_SWAMP: {"tile": _TILE},
    PLAY_ESCAPE: {"animal": _ANIMAL},
    RESCUE: {"tile": _TILE},
    MOVE: {"animal": _ANIMAL, "to": _TILE},
    PASS: {},
    SAVE: {"animal": _ANIMAL},
    DECLINE: {"animal": _ANIMAL},
}


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed action: the type and its fields, already checked for shape and domain."""

    type: str
    animal: str = ""
    tile: int = -1

    def as_action(self) -> dict[str, Any]:
        """The action exactly as the client must send it (as listed in legal actions)."""
        action: dict[str, Any] = {"type": self.type}
        for name in SHAPES[self.type]:
            action[name] = self.animal if name == "animal" else self.tile
        return action


def parse(action: object) -> Command:
    checked = check_shape(action, SHAPES)
    tile = checked.get("tile", checked.get("to", -1))
    return Command(checked["type"], checked.get("animal", ""), tile)

"""Component data and rulings for The Fox in the Forest (Deluxe), in one place.

Everything printed on a card or a table lives here, so a corrected component list replaces
data, not rules code. Rulings that the rulebook leaves open are in RULINGS.md and are
listed for players in docs/games/fox-in-the-forest.md.
"""

from __future__ import annotations

from typing import Final

GAME_ID: Final = "fox-in-the-forest"
SEATS: Final = 2
SPECTATOR: Final = SEATS
"""Index in `State.known` for what anyone watching knows (cards they saw face up)."""
EVERYONE: Final = (0, 1, SPECTATOR)

SUITS: Final = ("bells", "keys", "moons")
SUIT_NAMES: Final = {"bells": "Bells", "keys": "Keys", "moons": "Moons"}
SUIT_SINGULAR: Final = {"bells": "Bell", "keys": "Key", "moons": "Moon"}
RANKS: Final = tuple(range(1, 12))

HAND_SIZE: Final = 13
TARGET_SCORES: Final = (16, 21, 35)
DEFAULT_TARGET: Final = 21

# The abilities printed on the odd ranks of every suit (the 8 is "poison" only in the module).
SUIT_ABILITIES: Final = {
    1: "swan",
    3: "fox",
    5: "woodcutter",
    7: "treasure",
    9: "witch",
    11: "monarch",
}
ABILITY_NAMES: Final = {
    "swan": "Swan",
    "fox": "Fox",
    "woodcutter": "Woodcutter",
    "treasure": "Treasure",
    "witch": "Witch",
    "monarch": "Monarch",
    "poison": "Poison",
}
MONARCH_RANK: Final = 11
POISON_RANK: Final = 8

# Special cards (Deluxe): id -> (printed rank or None for "?", display name).
# All nine are unsuited; the Mirror takes the decree card's identity instead.
SPECIALS: Final[dict[str, tuple[int | None, str]]] = {
    "axe": (8, "Axe"),
    "tree": (6, "Tree"),
    "fairy": (4, "Fairy"),
    "crown": (2, "Crown"),
    "mirror": (None, "Mirror"),
    "bow": (None, "Bow"),
    "hammer": (None, "Hammer"),
    "potion": (None, "Potion"),
    "shovel": (None, "Shovel"),
}
SPECIAL_IDS: Final = tuple(SPECIALS)
RULEBOOK_SPECIAL_COUNT: Final = 2

# End-of-round scoring: tricks won -> points (rulebook chart), with the chart's label.
TRICK_POINTS: Final = (
    (range(0, 4), 6, "Humble"),
    (range(4, 5), 1, "Defeated"),
    (range(5, 6), 2, "Defeated"),
    (range(6, 7), 3, "Defeated"),
    (range(7, 10), 6, "Victorious"),
    (range(10, 14), 0, "Greedy"),
)


def round_points(tricks: int) -> tuple[int, str]:
    """Points and chart label for a number of tricks won in a round."""
    for span, points, label in TRICK_POINTS:
        if tricks in span:
            return points, label
    # More than 13 tricks cannot happen; a Greedy player still scores nothing.
    return 0, "Greedy"

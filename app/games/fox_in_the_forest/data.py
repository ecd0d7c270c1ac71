"""Component data and rulings for The Fox in the Forest (Deluxe), in one place.

Everything printed on a card or a table lives here, so a corrected component list replaces
data, not rules code. Rulings that the rulebook leaves open are in RULINGS.md and are
listed for players in app/rules/fox-in-the-forest.md.
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


# House goals (RULINGS.md): the printed goal cards are not public, so Foxden ships these.
# id -> (text, points, ongoing). Ongoing goals trigger by themselves for every trick.
GOALS: Final[dict[str, tuple[str, int, bool]]] = {
    "g01": ("Win the first trick of the round.", 1, False),
    "g02": ("Win the last trick of the round.", 1, False),
    "g03": ("Win a trick containing an 11.", 1, False),
    "g04": ("Win a trick you led with a 1.", 2, False),
    "g05": ("Win a trick containing two 9s.", 2, False),
    "g06": ("Win 3 tricks in a row.", 2, False),
    "g07": ("Win a trick whose two cards have the same rank.", 2, False),
    "g08": ("Win a trick with a card of rank 3 or lower.", 1, False),
    "g09": ("Win a trick whose two cards are both even.", 1, False),
    "g10": ("Change the decree card.", 1, False),
    "g11": ("Win tricks led in all three suits this round.", 2, False),
    "g12": ("Win a trick with a card at least 5 ranks below your opponent's.", 2, False),
    "g13": ("Have exactly 5 tricks after trick 10.", 1, False),
    "g14": ("Ongoing: +1 for each trick you win containing a 2.", 1, True),
    "g15": ("Ongoing: -1 for each trick you win containing an 11.", -1, True),
    "g16": ("Ongoing: -1 for each trick you win while already holding 9 or more tricks.", -1, True),
}
GOAL_IDS: Final = tuple(GOALS)
GOALS_PER_ROUND: Final = 2

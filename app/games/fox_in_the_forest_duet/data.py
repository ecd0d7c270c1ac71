"""Component data and rulings for The Fox in the Forest Duet.

Everything printed on cards or on the board, and every value the rulebook leaves open, lives here
(see ../shared/RULINGS.md), so a real component list can replace it without touching the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

GAME_ID = "fox-in-the-forest-duet"

SUITS: tuple[str, ...] = ("doves", "roses", "stars")
RANKS: tuple[int, ...] = tuple(range(1, 11))
SUIT_NAMES: dict[str, str] = {"doves": "Doves", "roses": "Roses", "stars": "Stars"}

# Paw prints (movement value) by rank, the same in every suit (RULINGS.md).
PAWS: dict[int, int] = {1: 0, 2: 3, 3: 2, 4: 1, 5: 1, 6: 2, 7: 0, 8: 2, 9: 0, 10: 3}

# Odd ranks carry an ability; the text is shown on cards and in the rules page.
ABILITIES: dict[int, tuple[str, str]] = {
    1: ("Choose the way", "The winner of the trick chooses which way the tracker moves."),
    3: ("Exchange the decree", "Choose who may exchange the decree card with a card in hand."),
    5: ("Choose the paws", "The winner may ignore the paw prints of one card (or both 5s)."),
    7: ("Swap cards", "Both players pass a card to each other at the same time."),
    9: ("Free to follow", "Led: the other player need not follow the lead suit."),
}

# A led 9 frees the follower from following suit.
FREE_LEAD_RANK = 9

HAND_SIZE = 11
TRICKS_PER_ROUND = 11
ROUNDS = 3
PLAYERS = 2

# The path: space 0 is seat 0's end, space 10 is seat 1's end.
PATH_LENGTH = 11
CENTRE = 5
LAST_SPACE = PATH_LENGTH - 1
END_SPACE: tuple[int, int] = (0, PATH_LENGTH - 1)

TOTAL_GEMS = 22
FOREST_TOKENS = 4


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the Forest Board: starting gems per space and the "+" spaces."""

    name: str
    gems: tuple[int, ...]
    plus: tuple[int, ...]


SIDE_A = Side("A", (2, 0, 2, 1, 1, 0, 1, 1, 2, 0, 2), (1, 3, 4, 6, 8))
SIDE_B = Side("B", (2, 1, 2, 0, 1, 0, 1, 0, 2, 1, 2), (0, 2, 4, 8, 10))


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty level: the board side, the win points and whether a token starts placed."""

    number: int
    side: Side
    points: int
    forest_token_at_setup: bool


LEVELS: dict[int, Level] = {
    1: Level(1, SIDE_A, 10, False),
    2: Level(2, SIDE_B, 20, False),
    3: Level(3, SIDE_B, 30, True),
}

# Win score (rulebook, "End of Game").
POINTS_PER_CARD_LEFT = 1
ROUND_TWO_BONUS = 10
POINTS_PER_UNUSED_FOREST_TOKEN = 3

# Ruling: only these preset, information-free reactions replace chat (communication rules).
REACTIONS: tuple[str, ...] = ("Nice!", "Oops", "Good luck")


def card_id(suit: str, rank: int) -> str:
    return f"{suit}-{rank}"


DECK: tuple[str, ...] = tuple(card_id(suit, rank) for suit in SUITS for rank in RANKS)


# Looked up rather than parsed: trick and hand code asks for these thousands of times a match.
_SUIT: dict[str, str] = {card_id(suit, rank): suit for suit in SUITS for rank in RANKS}
_RANK: dict[str, int] = {card_id(suit, rank): rank for suit in SUITS for rank in RANKS}
_NAME: dict[str, str] = {
    card: f"{_RANK[card]} of {SUIT_NAMES[suit]}" for card, suit in _SUIT.items()
}
_SORT_KEY: dict[str, tuple[int, int]] = {
    card: (SUITS.index(suit), _RANK[card]) for card, suit in _SUIT.items()
}


def suit_of(card: str) -> str:
    return _SUIT[card]


def rank_of(card: str) -> int:
    return _RANK[card]


def paws_of(card: str) -> int:
    return PAWS[rank_of(card)]


def card_name(card: str) -> str:
    """The spelled form used in log text, e.g. "6 of Doves" (declared as a secret too)."""
    return _NAME[card]


def sort_key(card: str) -> tuple[int, int]:
    return _SORT_KEY[card]

"""Fox on the Tree: component data and the rulings the rulebook leaves open.

Everything printed on a component (the animals, the 16 cards, the tiles, the track) lives here,
so a real component list can replace it without touching the rules code. Rulings are listed
for players in app/rules/fox-on-the-tree.md under "Clarifications".
"""

from __future__ import annotations

from dataclasses import dataclass

FARM_ANIMALS: tuple[str, ...] = ("cow", "pig", "chicken", "sheep")
PREDATORS: tuple[str, ...] = ("wolf", "fox", "bear", "lynx")
ANIMALS: tuple[str, ...] = FARM_ANIMALS + PREDATORS
"""Canonical order: positions in the state and every listing follow it."""

FARM = "farm"
PREDATOR = "predator"
TEAMS: tuple[str, ...] = (FARM, PREDATOR)

ANIMAL_NAMES: dict[str, str] = {
    "cow": "Cow",
    "pig": "Pig",
    "chicken": "Chicken",
    "sheep": "Sheep",
    "wolf": "Wolf",
    "fox": "Fox",
    "bear": "Bear",
    "lynx": "Lynx",
}


ANIMAL_INDEX: dict[str, int] = {animal: index for index, animal in enumerate(ANIMALS)}
"""Where each animal sits in ANIMALS order (and in `State.positions`)."""
TEAM_OF: dict[str, str] = {animal: FARM for animal in FARM_ANIMALS} | {
    animal: PREDATOR for animal in PREDATORS
}


def team_of(animal: str) -> str:
    return TEAM_OF[animal]


# --------------------------------------------------------------------------- the tiles

FARM_TILE = 0
LAIR_TILE = 9
TILE_COUNT = 10
PATH_TILES: tuple[int, ...] = tuple(range(1, 9))
"""Only Path tiles take action tokens and only animals on them can be sent home by Escape."""

TILE_NAMES: tuple[str, ...] = (
    "the Farm",
    *(f"Path tile {n}" for n in PATH_TILES),
    "the Lair of Predators",
)

TEAM_LIMIT = 4
"""At most 4 animals of one team on a tile. With 4 animals per team it can never bind."""

OFF_BOARD = -1
"""Position of an animal that has arrived or been eliminated in the current phase."""


@dataclass(frozen=True, slots=True)
class Course:
    """Where a team starts, where it goes and which way it walks in one phase."""

    start: int
    final: int
    step: int
    """+1 or -1: the tile number changes by this with each tile walked."""


def _course(start: int, final: int) -> Course:
    return Course(start, final, 1 if final > start else -1)


COURSES: dict[tuple[int, str], Course] = {
    # Phase 1: farm animals go to the Lair, predators to the Farm; phase 2 reverses both.
    (1, FARM): _course(start=FARM_TILE, final=LAIR_TILE),
    (1, PREDATOR): _course(start=LAIR_TILE, final=FARM_TILE),
    (2, FARM): _course(start=LAIR_TILE, final=FARM_TILE),
    (2, PREDATOR): _course(start=FARM_TILE, final=LAIR_TILE),
}
HALVES: tuple[int, ...] = (1, 2)
"""The rulebook's First and Second Phase (the state's `half`; its `phase` is the decision due)."""
_ANIMAL_COURSES: dict[tuple[int, str], Course] = {
    (half, animal): COURSES[(half, TEAM_OF[animal])] for half in HALVES for animal in ANIMALS
}
"""Looked up per animal: move generation asks for courses thousands of times per match."""


def course(half: int, animal: str) -> Course:
    return _ANIMAL_COURSES[(half, animal)]


# --------------------------------------------------------------------------- the tokens

BANANA = "banana"
SWAMP = "swamp"
ESCAPE = "escape"
ACTION_TOKENS: tuple[str, ...] = (BANANA, SWAMP, ESCAPE)
"""Each player's three tokens, in the order they are listed everywhere."""

TOKEN_NAMES: dict[str, str] = {BANANA: "Banana Peel", SWAMP: "Swamp", ESCAPE: "Escape"}

TRACK_SIZE = 8
"""Scoring track numbers 1-8, one ring per phase: one number per animal and phase."""


# --------------------------------------------------------------------------- the cards


@dataclass(frozen=True, slots=True)
class Card:
    """A Card of un/favourite animals: two favourites (+points) and one disliked (-points)."""

    number: int
    farm: str
    predator: str
    disliked: str

    @property
    def id(self) -> str:
        return f"card-{self.number}"


_DECK_ROWS: tuple[tuple[str, str, str], ...] = (
    ("cow", "wolf", "pig"),
    ("pig", "wolf", "chicken"),
    ("chicken", "wolf", "sheep"),
    ("sheep", "wolf", "cow"),
    ("cow", "fox", "chicken"),
    ("pig", "fox", "sheep"),
    ("chicken", "fox", "cow"),
    ("sheep", "fox", "pig"),
    ("cow", "bear", "lynx"),
    ("pig", "bear", "lynx"),
    ("chicken", "bear", "wolf"),
    ("sheep", "bear", "fox"),
    ("cow", "lynx", "bear"),
    ("pig", "lynx", "bear"),
    ("chicken", "lynx", "fox"),
    ("sheep", "lynx", "wolf"),
)

CARDS: dict[int, Card] = {
    number: Card(number, farm, predator, disliked)
    for number, (farm, predator, disliked) in enumerate(_DECK_ROWS, start=1)
}
"""The 16-card deck from RULINGS.md, by card number 1-16."""

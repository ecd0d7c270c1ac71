"""Fox on the Run component data and the rulings the rulebook leaves open.

Everything printed on tiles or decided in ../shared/RULINGS.md lives here, so a real component
list can replace it without touching the rules code.
"""

from __future__ import annotations

Pos = tuple[int, int]
"""A grid cell as (row, col); row 0 is the top row, col 0 the left column."""

SIZE = 5

# --------------------------------------------------------------------------- directions

DIRECTIONS: dict[str, Pos] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
ORTHOGONAL = ("N", "E", "S", "W")
"""Arrows are always orthogonal; this is also the clockwise order used to rotate them."""
EVERY_DIRECTION = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIRECTION_WORDS = {
    "N": "north",
    "NE": "north-east",
    "E": "east",
    "SE": "south-east",
    "S": "south",
    "SW": "south-west",
    "W": "west",
    "NW": "north-west",
}

# --------------------------------------------------------------------------- tiles

START_TILES: tuple[tuple[str, Pos], ...] = (
    ("start-scarlett", (0, 0)),
    ("start-guardians", (1, 1)),
    ("start-indigo", (4, 4)),
)
"""The three character starting tiles and where they lie (RULINGS.md)."""


def _tiles() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The 22 directional tiles as printed: 12 single arrows (3 per direction), 10 doubles."""
    printed: list[tuple[str, ...]] = []
    for arrow in ORTHOGONAL:
        printed += [(arrow,)] * 3
    printed += [("N", "S"), ("E", "W")]
    printed += [("N", "E")] * 2 + [("E", "S")] * 2 + [("S", "W")] * 2 + [("N", "W")] * 2
    return tuple((f"tile-{number:02d}", arrows) for number, arrows in enumerate(printed, 1))


DIRECTIONAL_TILES = _tiles()
PRINTED_ARROWS: dict[str, tuple[str, ...]] = dict(DIRECTIONAL_TILES)
START_TILE_IDS = tuple(tile_id for tile_id, _ in START_TILES)

ROTATIONS = (1, 2, 3)
"""Puffer turns a tile a quarter clockwise (1), half round (2) or a quarter anticlockwise (3)."""
ROTATION_WORDS = {
    1: "a quarter turn clockwise",
    2: "half a turn",
    3: "a quarter turn anticlockwise",
}

# --------------------------------------------------------------------------- characters

INDIGO = "indigo"
SCARLETT = "scarlett"
PUFFER = "puffer"
ZEV = "zev"
RAFFLES = "raffles"
NAPOLEON = "napoleon"

FOXES = "foxes"
GUARDIANS = "guardians"
FACTIONS = (FOXES, GUARDIANS)
FACTION_TITLES = {FOXES: "The Foxes", GUARDIANS: "The Guardians"}

CHARACTER_WORDS = {
    INDIGO: "Indigo",
    SCARLETT: "Scarlett",
    PUFFER: "Puffer",
    ZEV: "Zev",
    RAFFLES: "Raffles",
    NAPOLEON: "Napoleon",
}
BASE_FACTION = {INDIGO: FOXES, SCARLETT: FOXES, PUFFER: GUARDIANS, ZEV: GUARDIANS}
START_POSITIONS: dict[str, Pos] = {SCARLETT: (0, 0), INDIGO: (4, 4), PUFFER: (1, 1), ZEV: (1, 1)}
NEUTRAL_START: dict[str, Pos] = {FOXES: (0, 4), GUARDIANS: (4, 0)}
"""The neutral on the Foxes' side starts top right, the Guardians' one bottom left."""

MOVES_DIAGONALLY = frozenset({INDIGO})
SMALL = RAFFLES
"""Everyone but Napoleon may share the Small character's tile, and he theirs."""
BIG = NAPOLEON
"""Napoleon ends his move on occupied tiles by pushing everyone there away."""
SHARING_PAIRS = frozenset({(PUFFER, ZEV), (ZEV, PUFFER)})

ABILITY_WORDS = {
    INDIGO: "may also move diagonally",
    PUFFER: "after moving, may rotate an adjacent revealed empty tile",
    SCARLETT: "after moving, may swap two adjacent revealed empty tiles",
    ZEV: "after moving, may reveal an adjacent face-down tile",
    RAFFLES: "after moving, may swap his own tile with an adjacent revealed empty tile; Small",
    NAPOLEON: "may end his move on an occupied tile and push everyone there away",
}


def turn_order(fox_neutral: str | None, guardian_neutral: str | None) -> tuple[str, ...]:
    """Indigo, Puffer, Scarlett, Zev; the Foxes' neutral plays 3rd, the Guardians' 4th."""
    neutrals = tuple(name for name in (fox_neutral, guardian_neutral) if name is not None)
    return (INDIGO, PUFFER, *neutrals, SCARLETT, ZEV)


# --------------------------------------------------------------------------- options

NEUTRALS_OFF = "off"
NEUTRALS_RANDOM = "random"
RAFFLES_WITH_FOXES = "raffles-with-foxes"
RAFFLES_WITH_GUARDIANS = "raffles-with-guardians"
NEUTRAL_CHOICES = (NEUTRALS_OFF, NEUTRALS_RANDOM, RAFFLES_WITH_FOXES, RAFFLES_WITH_GUARDIANS)
EXPANSION_PLAYERS = 5
"""From this many players on, Raffles and Napoleon must join the game."""

PLAYERS_PER_FACTION: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((1, 1),),
    3: ((2, 1), (1, 2)),
    4: ((2, 2),),
    5: ((3, 2), (2, 3)),
    6: ((3, 3),),
}
"""(Foxes' players, Guardians' players), one split drawn at random: the golden rule."""

# --------------------------------------------------------------------------- outcomes

INDIGO_FREED_SCARLETT = "indigo_freed_scarlett"
ZEV_CAUGHT_INDIGO = "zev_caught_indigo"
ALL_TILES_REVEALED = "all_tiles_revealed"
REASON_WORDS = {
    INDIGO_FREED_SCARLETT: "Indigo reached Scarlett and freed her",
    ZEV_CAUGHT_INDIGO: "Zev caught Indigo",
    ALL_TILES_REVEALED: "every directional tile has been revealed",
}
GOAL_WORDS = {
    FOXES: "Indigo reaches Scarlett's tile while Zev is not next to it.",
    GUARDIANS: "Zev reaches Indigo's tile, or every directional tile is revealed.",
}


def cell_name(pos: Pos) -> str:
    """A cell as players read it: column letter A-E, row number 1-5 from the top (C3 = centre)."""
    row, col = pos
    return f"{'ABCDE'[col]}{row + 1}"


def cell_words(pos: Pos) -> str:
    """A cell as a sentence names it: "row 2, column 4", counted from the top left corner.

    A player reads words, not the grid's letter-number code ("D2"), in prompts and the log.
    """
    row, col = pos
    return f"row {row + 1}, column {col + 1}"

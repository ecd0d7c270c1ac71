"""The house board: spaces, routes on the torus, food, homes, tunnels and the healing space."""

from __future__ import annotations

import re

from app.games.oh_fox.data import (
    COLS,
    DELTAS,
    FOOD_GRID,
    HEALING,
    HOMES,
    ROWS,
    TUNNELS,
)
from app.games.oh_fox.view_types import BoardView, SpaceView

Space = tuple[int, int]

ALL_SPACES: tuple[Space, ...] = tuple((row, col) for row in range(ROWS) for col in range(COLS))
HOME_SPACES: frozenset[Space] = frozenset(HOMES.values())
_SPACE_ID = re.compile(r"r([0-9])c([0-9])")


def space_id(space: Space) -> str:
    """The id used in actions and views: "r1c2" is row 1 (from the top), column 2."""
    return f"r{space[0]}c{space[1]}"


def space_name(space: Space) -> str:
    """How log lines name a space, as the table's labels do: counted from 1, so r0c1 reads
    "row 1, column 2" (frontend/games/oh-fox/board.js)."""
    return f"row {space[0] + 1}, column {space[1] + 1}"


def parse_space(text: str) -> Space | None:
    match = _SPACE_ID.fullmatch(text)
    if match is None:
        return None
    space = (int(match.group(1)), int(match.group(2)))
    return space if space in ALL_SPACES else None


def neighbour(space: Space, direction: str) -> Space:
    """One route along `direction`; the edges wrap around because the board is a torus."""
    d_row, d_col = DELTAS[direction]
    return ((space[0] + d_row) % ROWS, (space[1] + d_col) % COLS)


def food_at(space: Space) -> str:
    return FOOD_GRID[space[0]][space[1]]


def home_of(colour: str) -> Space:
    return HOMES[colour]


def tunnel_colour(space: Space) -> str | None:
    for colour, ends in TUNNELS.items():
        if space in ends:
            return colour
    return None


def tunnel_exit(space: Space) -> Space | None:
    """The other end of the tunnel on `space`, or None where there is no tunnel."""
    for first, second in TUNNELS.values():
        if space == first:
            return second
        if space == second:
            return first
    return None


def board_view() -> BoardView:
    """Everything a renderer needs to draw the board (the same for every viewer)."""
    spaces = [SpaceView(**space) for space in _SPACE_VIEWS]  # fresh: the caller owns the view
    return {"rows": ROWS, "cols": COLS, "wraps": True, "spaces": spaces}


def _space_views() -> tuple[SpaceView, ...]:
    home_colours = {space: colour for colour, space in HOMES.items()}
    return tuple(
        {
            "id": space_id(space),
            "row": space[0],
            "col": space[1],
            "food": food_at(space),
            "home": home_colours.get(space),
            "healing": space == HEALING,
            "tunnel": tunnel_colour(space),
        }
        for space in ALL_SPACES
    )


_SPACE_VIEWS = _space_views()
"""The board never changes, so its spaces are described once, not in every view."""

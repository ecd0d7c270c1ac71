"""The Fox on the Run state and small queries on it (stored by app.games.codec).

The grid holds 25 tiles by position; a tile keeps its id (which fixes its printed arrows), whether
it is face up and how far Puffer has turned it. Characters stand on cells; several may share one.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from app.games.codec import json_array
from app.games.fox_on_the_run import data
from app.games.fox_on_the_run.data import Pos
from app.games.frozen import evolve

PHASE_STEP = "step"
"""The character must take its free first step."""
PHASE_FOLLOW = "follow"
"""The character stands on a revealed tile with two arrows and picks one."""
PHASE_PUSH = "push"
"""Napoleon pushes the characters on his tile away, one by one."""
PHASE_ABILITY = "ability"
"""The character may use its ability or skip it."""
PHASE_OVER = "over"


@json_array
@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    face_up: bool
    turns: int = 0
    """Quarter turns clockwise that Puffer has applied since it was laid."""

    @property
    def is_start(self) -> bool:
        return self.id in data.START_TILE_IDS

    @property
    def revealed(self) -> bool:
        """Start tiles lie face up from the beginning, so they count as revealed."""
        return self.face_up or self.is_start

    @property
    def arrows(self) -> tuple[str, ...]:
        """The arrows as they point now: printed arrows turned by Puffer's rotations."""
        return _turned_arrows(self.id, self.turns % 4)


@functools.cache  # 22 tiles x 4 rotations, asked for on every move
def _turned_arrows(tile_id: str, turns: int) -> tuple[str, ...]:
    printed = data.PRINTED_ARROWS.get(tile_id, ())
    return tuple(sorted((rotate(arrow, turns) for arrow in printed), key=_arrow_order))


@json_array
@dataclass(frozen=True, slots=True)
class Character:
    name: str
    faction: str
    seat: int
    row: int
    col: int

    @property
    def pos(self) -> Pos:
        return (self.row, self.col)


# Not slotted: `evolve` copies the state (several times per action) through its __dict__.
@dataclass(frozen=True)
class State:
    players: int
    seed: int
    neutrals: str
    board: tuple[Tile, ...]
    """25 tiles, row by row."""
    characters: tuple[Character, ...]
    """In turn order."""
    current: int
    """Index in `characters` of the character whose turn it is."""
    phase: str
    turn: int = 1
    """Characters' turns played so far, the current one included."""
    used: tuple[str, ...] = ()
    """Tiles whose arrows already moved the current character this turn."""
    path: tuple[Pos, ...] = ()
    """Cells the current character stood on this turn, its starting cell first."""
    to_push: tuple[str, ...] = ()
    """Characters Napoleon still has to push off his tile, in turn order."""
    winner: str = ""
    reason: str = ""


def rotate(arrow: str, turns: int) -> str:
    index = data.ORTHOGONAL.index(arrow)
    return data.ORTHOGONAL[(index + turns) % 4]


def _arrow_order(arrow: str) -> int:
    return data.ORTHOGONAL.index(arrow)


# --------------------------------------------------------------------------- board access


def on_board(pos: Pos) -> bool:
    return 0 <= pos[0] < data.SIZE and 0 <= pos[1] < data.SIZE


def tile_at(state: State, pos: Pos) -> Tile:
    return state.board[pos[0] * data.SIZE + pos[1]]


def with_tile(state: State, pos: Pos, tile: Tile) -> State:
    board = list(state.board)
    board[pos[0] * data.SIZE + pos[1]] = tile
    return evolve(state, board=tuple(board))


def step_from(pos: Pos, direction: str) -> Pos:
    d_row, d_col = data.DIRECTIONS[direction]
    return (pos[0] + d_row, pos[1] + d_col)


@functools.cache  # 25 cells, asked for by every ability check
def neighbours(pos: Pos) -> tuple[Pos, ...]:
    """The up to eight cells around `pos` ("adjacent" in the rulebook), clockwise from north."""
    around = (step_from(pos, direction) for direction in data.EVERY_DIRECTION)
    return tuple(cell for cell in around if on_board(cell))


def adjacent(a: Pos, b: Pos) -> bool:
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def occupants(state: State, pos: Pos) -> tuple[Character, ...]:
    row, col = pos  # compared field by field: the commonest query, so no `pos` tuples built
    return tuple(c for c in state.characters if c.row == row and c.col == col)


def character(state: State, name: str) -> Character | None:
    return next((c for c in state.characters if c.name == name), None)


def mover(state: State) -> Character:
    return state.characters[state.current]


def moved(state: State, name: str, pos: Pos) -> State:
    """The state with one character standing on `pos`."""
    characters = tuple(
        evolve(c, row=pos[0], col=pos[1]) if c.name == name else c for c in state.characters
    )
    return evolve(state, characters=characters)


def hidden_tile_count(state: State) -> int:
    return sum(1 for tile in state.board if not tile.revealed)

"""The optional abilities used after moving: Puffer rotates, Scarlett swaps, Zev reveals and
Raffles switches his own tile. Indigo's diagonal step and Napoleon's push belong to movement.
"""

from __future__ import annotations

from itertools import combinations

from app.games.fox_on_the_run import data
from app.games.fox_on_the_run.data import Pos
from app.games.fox_on_the_run.state import (
    State,
    mover,
    neighbours,
    occupants,
    tile_at,
    with_tile,
)
from app.games.frozen import evolve
from app.games.protocol import JSON

ActionList = list[dict[str, JSON]]


def _empty_revealed(state: State, pos: Pos) -> bool:
    return tile_at(state, pos).revealed and not occupants(state, pos)


def ability_actions(state: State) -> ActionList:
    """Every use of the mover's ability open now (without the Skip that always goes with it)."""
    who = mover(state)
    around = neighbours(who.pos)
    if who.name == data.PUFFER:
        return _rotations(state, around)
    if who.name == data.SCARLETT:
        return _swaps(state, around)
    if who.name == data.ZEV:
        return [
            {"type": "reveal", "at": list(cell)}
            for cell in around
            if not tile_at(state, cell).revealed
        ]
    if who.name == data.RAFFLES:
        return _switches(state, who.pos, around)
    return []


def _rotations(state: State, around: tuple[Pos, ...]) -> ActionList:
    # Start tiles carry no arrows, so turning one would change nothing: only directional ones.
    return [
        {"type": "rotate", "at": list(cell), "turns": turns}
        for cell in sorted(around)
        if _empty_revealed(state, cell) and not tile_at(state, cell).is_start
        for turns in data.ROTATIONS
    ]


def _swaps(state: State, around: tuple[Pos, ...]) -> ActionList:
    # Each pair once, in reading order, so that one swap has exactly one spelling.
    free = sorted(cell for cell in around if _empty_revealed(state, cell))
    return [{"type": "swap", "at": list(a), "with": list(b)} for a, b in combinations(free, 2)]


def _switches(state: State, own: Pos, around: tuple[Pos, ...]) -> ActionList:
    # Raffles' own tile has to be face up too: a face-down tile never moves (a Clarification).
    if not tile_at(state, own).revealed:
        return []
    return [
        {"type": "switch", "with": list(cell)}
        for cell in sorted(around)
        if _empty_revealed(state, cell)
    ]


def rotated(state: State, pos: Pos, turns: int) -> State:
    tile = tile_at(state, pos)
    return with_tile(state, pos, evolve(tile, turns=(tile.turns + turns) % 4))


def swapped(state: State, a: Pos, b: Pos) -> State:
    """Two tiles trade places, each keeping its rotation; characters stay where they stand."""
    first, second = tile_at(state, a), tile_at(state, b)
    return with_tile(with_tile(state, a, second), b, first)

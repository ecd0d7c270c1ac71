"""Where animals may go: basic moves, Dodge, Jump, Banana Peel slides and conflicts.

All functions are pure queries on a State; rules.py turns their answers into new states.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.games.fox_on_the_tree.data import (
    BANANA,
    COURSES,
    FARM,
    FARM_ANIMALS,
    PREDATORS,
    SWAMP,
    TEAM_LIMIT,
    team_of,
)
from app.games.fox_on_the_tree.state import (
    State,
    final_of,
    is_occupied,
    is_on_tile,
    position,
    step_of,
    team_on,
)


def is_stuck(state: State, animal: str) -> bool:
    """An animal on a tile with a Swamp token cannot be moved."""
    return state.tile_tokens[position(state, animal)] == SWAMP


def destinations(state: State, animal: str) -> tuple[int, ...]:
    """Tiles where a move of `animal` may end (before Banana Peels), in walking order."""
    at = position(state, animal)
    if state.tile_tokens[at] == SWAMP:
        return ()  # stuck (see is_stuck)
    step = step_of(state, animal)
    ends = _dodge_ends(state, at, step) if team_of(animal) == FARM else _jump(at, step)
    # Every end lies ahead of the animal, so walking order is tile order in its direction.
    ordered = sorted({at + step, *ends}, reverse=step < 0)
    return tuple(tile for tile in ordered if is_on_tile(tile) and _has_room(state, animal, tile))


def _jump(at: int, step: int) -> tuple[int, ...]:
    """A predator moves 2 tiles, whatever is on the middle one; never past its final tile.

    The final tile is the end of the board, so next to it a Jump is impossible and the
    predator simply steps onto it.
    """
    target = at + 2 * step
    return (target,) if is_on_tile(target) else ()


def _dodge_ends(state: State, at: int, step: int) -> tuple[int, ...]:
    """Dodge bypasses the continuous row of occupied tiles that starts on the next tile.

    It ends on a tile of that row holding another farm animal, or on the first tile past the
    row. A row that reaches the end of the board leaves no tile past it: then only friendly
    tiles in the row remain, and with none Dodge cannot be used.
    """
    row = _row_ahead(state, at + step, step)
    ends = [tile for tile in row if team_on(state, tile, FARM)]
    if row:
        past = row[-1] + step
        if is_on_tile(past):
            ends.append(past)
    return tuple(ends)


def _row_ahead(state: State, first: int, step: int) -> tuple[int, ...]:
    row: list[int] = []
    tile = first
    while is_on_tile(tile) and is_occupied(state, tile):
        row.append(tile)
        tile += step
    return tuple(row)


def _has_room(state: State, animal: str, tile: int) -> bool:
    if state.positions.count(tile) < TEAM_LIMIT:  # fast path: fewer animals than the limit
        return True
    return len(team_on(state, tile, team_of(animal))) < TEAM_LIMIT


def rescuable(state: State) -> tuple[int, ...]:
    """Tiles whose Swamp token may be removed: those with at least one animal on them."""
    return tuple(
        tile
        for tile, token in enumerate(state.tile_tokens)
        if token == SWAMP and is_occupied(state, tile)
    )


def slide(state: State, animal: str, landing: int) -> tuple[int, tuple[int, ...]]:
    """Resolve Banana Peels from the tile a move ends on: (final tile, peels used in order).

    Each peel pushes the animal one tile further and is discarded, so consecutive peels chain.
    A peel never pushes past the final tile (RULINGS.md); the animal stops there.
    """
    tile, used = landing, []
    step, final = step_of(state, animal), final_of(state, animal)
    while tile != final and state.tile_tokens[tile] == BANANA:
        used.append(tile)
        tile += step
    return tile, tuple(used)


def conflict_loser(state: State, tile: int, positions: Sequence[int] = ()) -> str | None:
    """The animal that loses the conflict on `tile`, or None when the tile holds one team.

    1 vs 1: the farm animal wins only with another farm animal on the tile behind it (in the
    farm animals' direction of travel). 1 vs many: the lone animal loses. A move brings one
    animal onto a single-team tile, so "many vs many" cannot arise: nobody loses then.
    `positions` may stand in for the state's (a bot's "what if" without building a state).
    """
    at = positions or state.positions
    farm = [x for x, p in zip(FARM_ANIMALS, at[: len(FARM_ANIMALS)], strict=True) if p == tile]
    predators = [x for x, p in zip(PREDATORS, at[len(FARM_ANIMALS) :], strict=True) if p == tile]
    if not farm or not predators:
        return None
    if len(farm) == 1 and len(predators) == 1:
        behind = tile - COURSES[(state.half, FARM)].step
        # Off-board animals sit at -1: the tile "behind" the Farm must not find them.
        supported = is_on_tile(behind) and behind in at[: len(FARM_ANIMALS)]
        return predators[0] if supported else farm[0]
    if len(farm) == 1:
        return farm[0]
    if len(predators) == 1:
        return predators[0]
    return None

"""Who may stand where: access, the free first step, arrows, Napoleon's pushes, wins on entry.

These are pure questions about a state; the transitions that use them are in `turns.py`.
Every answer depends only on public things (positions and revealed tiles), never on the arrows
of a face-down tile: a face-down tile stops whoever enters it, whatever it hides.
"""

from __future__ import annotations

from app.games.fox_on_the_run import data
from app.games.fox_on_the_run.data import Pos
from app.games.fox_on_the_run.state import (
    Character,
    State,
    adjacent,
    character,
    moved,
    mover,
    occupants,
    on_board,
    step_from,
    tile_at,
)


def may_enter(state: State, who: Character, target: Pos) -> bool:
    """Whether `who` may move onto `target` (which must be on the board) right now."""
    others = [c for c in occupants(state, target) if c.name != who.name]
    if not others:
        return True
    if who.name == data.BIG:
        return push_plan_exists(moved(state, who.name, target), target, _pushed(others))
    return all(_may_share(state, who.name, other.name, target) for other in others)


def _may_share(state: State, who: str, occupant: str, target: Pos) -> bool:
    pair = (who, occupant)
    if data.SMALL in pair:
        return data.BIG not in pair
    if pair in data.SHARING_PAIRS:
        return True
    if pair == (data.INDIGO, data.SCARLETT):
        # Indigo may enter Scarlett's tile only to win, and that needs Zev away from it.
        return not zev_next_to(state, target)
    # Zev entering Indigo's tile is the Guardians' win.
    return pair == (data.ZEV, data.INDIGO)


def zev_next_to(state: State, pos: Pos) -> bool:
    zev = character(state, data.ZEV)
    return zev is not None and adjacent(zev.pos, pos)


def step_directions(who: Character) -> tuple[str, ...]:
    return data.EVERY_DIRECTION if who.name in data.MOVES_DIAGONALLY else data.ORTHOGONAL


def first_steps(state: State) -> tuple[str, ...]:
    """Directions of the free first step the mover may take (the tile under it is ignored)."""
    who = mover(state)
    return tuple(
        direction
        for direction in step_directions(who)
        if on_board(target := step_from(who.pos, direction)) and may_enter(state, who, target)
    )


def arrow_options(state: State) -> tuple[tuple[str, Pos | None], ...]:
    """Each arrow of the mover's tile with the cell it leads to, or None where the arrow is
    ignored because it points off the board or onto a tile the mover may not enter."""
    who = mover(state)
    options: list[tuple[str, Pos | None]] = []
    for arrow in tile_at(state, who.pos).arrows:
        target = step_from(who.pos, arrow)
        usable = on_board(target) and may_enter(state, who, target)
        options.append((arrow, target if usable else None))
    return tuple(options)


def win_on_entry(state: State, name: str, pos: Pos) -> str | None:
    """The outcome reason if `name`, now standing on `pos`, has just won for its faction."""
    there = {c.name for c in occupants(state, pos)}
    if name == data.INDIGO and data.SCARLETT in there:
        return data.INDIGO_FREED_SCARLETT
    if name == data.ZEV and data.INDIGO in there:
        return data.ZEV_CAUGHT_INDIGO
    return None


# --------------------------------------------------------------------------- Napoleon's push


def _pushed(others: list[Character]) -> tuple[str, ...]:
    return tuple(c.name for c in others)


def to_be_pushed(state: State, pos: Pos) -> tuple[str, ...]:
    """Everyone but Napoleon on `pos`, in turn order: the order in which he pushes them."""
    return tuple(c.name for c in occupants(state, pos) if c.name != data.BIG)


def push_targets(state: State, napoleon_at: Pos, name: str) -> tuple[Pos, ...]:
    """Revealed tiles next to Napoleon that `name` could be pushed onto by its own rules:
    orthogonally (Indigo diagonally too), onto a tile it could access."""
    who = character(state, name)
    if who is None:
        return ()
    cells = (step_from(napoleon_at, direction) for direction in step_directions(who))
    return tuple(
        cell
        for cell in cells
        if on_board(cell) and tile_at(state, cell).revealed and may_enter(state, who, cell)
    )


def good_push_targets(state: State, napoleon_at: Pos, pending: tuple[str, ...]) -> tuple[Pos, ...]:
    """Targets for the first of `pending` after which everyone else can still be pushed (or
    the push wins the match, which ends it at once)."""
    name, rest = pending[0], pending[1:]
    good = []
    for cell in push_targets(state, napoleon_at, name):
        after = moved(state, name, cell)
        if win_on_entry(after, name, cell) or push_plan_exists(after, napoleon_at, rest):
            good.append(cell)
    return tuple(good)


def push_plan_exists(state: State, napoleon_at: Pos, pending: tuple[str, ...]) -> bool:
    """Napoleon may end on an occupied tile only if every character there can be pushed."""
    return not pending or bool(good_push_targets(state, napoleon_at, pending))

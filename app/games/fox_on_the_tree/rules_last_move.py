"""The last move on the path: what the turn just played changed, kept in the state.

Both players watched it happen, so it is public; the table rings the animals it moved and the
token it laid. Worked out here from the states before and after each action, in one place,
rather than by every page comparing the tables it happened to receive: a page opened later, or
reloaded, draws the same ring on its first table.
"""

from __future__ import annotations

from app.games.fox_on_the_tree.data import ANIMALS, OFF_BOARD
from app.games.fox_on_the_tree.state import TURN, LastMove, Moved, State
from app.games.frozen import evolve


def recorded(before: State, after: State) -> State:
    """`after` with its last move: the turn's changes so far, this action's added.

    An action from the TURN phase opens a turn, so the record starts afresh; a move after a
    token, and an Escape question's answer, add to the turn that asked. A new phase starts
    the path afresh too.
    """
    if after.half != before.half:
        return evolve(after, last_move=None)
    turn = before.last_move
    if before.phase == TURN or turn is None:
        turn = LastMove(seat=before.active)
    now = LastMove(turn.seat, _moved(turn, before, after), _laid(turn, before, after))
    return evolve(after, last_move=now)


def _moved(turn: LastMove, before: State, after: State) -> tuple[Moved, ...]:
    """Each animal moved this turn that stands on the path, with the tile it last left (an
    animal saved by an Escape ran back from where it lost its conflict)."""
    origins = {m.animal: m.origin for m in turn.moved}
    for animal, was, now in zip(ANIMALS, before.positions, after.positions, strict=True):
        if was == now:
            continue
        if now == OFF_BOARD:
            origins.pop(animal, None)  # arrived or eliminated: no longer on the path
        else:
            origins[animal] = was
    return tuple(Moved(animal, origins[animal]) for animal in ANIMALS if animal in origins)


def _laid(turn: LastMove, before: State, after: State) -> int | None:
    """The tile of the token laid this turn, while it still lies there (a Banana Peel slipped
    on later in the turn is gone)."""
    pairs = zip(before.tile_tokens, after.tile_tokens, strict=True)
    fresh = next((tile for tile, (was, now) in enumerate(pairs) if now and not was), None)
    laid = turn.laid if fresh is None else fresh
    return laid if laid is not None and after.tile_tokens[laid] else None

"""What is hidden: the printed arrows of face-down tiles, from everyone alike."""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.games.fox_on_the_run.rules import is_over
from app.games.fox_on_the_run.state import State
from app.games.frozen import evolve
from app.games.protocol import Seat, Secret
from app.games.rng import SEED_BITS, shuffled


def forgotten_before(s: State) -> int:
    return 0  # no memory rule: the whole log stays readable


def secrets(s: State) -> Sequence[Secret]:
    """A face-down tile's id names its printed arrows, so it is hidden from everyone."""
    if is_over(s):
        return []
    return [Secret(tile.id, ()) for tile in s.board if not tile.revealed]


def determinize(s: State, viewer: Seat | None, rng: random.Random) -> State:
    """Re-deal the face-down tiles among their cells. Nobody, whatever their seat, knows
    more than which printed tiles are still face down, and those never turn or move."""
    fresh_seed = rng.getrandbits(SEED_BITS)
    if is_over(s):
        return evolve(s, seed=fresh_seed)
    hidden = [index for index, tile in enumerate(s.board) if not tile.revealed]
    redealt = iter(shuffled(rng, [s.board[index].id for index in hidden]))
    board = list(s.board)
    for index in hidden:
        board[index] = evolve(board[index], id=next(redealt))
    return evolve(s, board=tuple(board), seed=fresh_seed)

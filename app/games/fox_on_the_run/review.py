"""How the post-game review weighs a decision (app/games/review.py): the canonical layout of
what nobody could see, and the costs that make an inaccuracy or a mistake.

Only the printed arrows of face-down tiles are hidden, from everyone alike: the canonical
layout puts the face-down tiles' ids, sorted, into the face-down cells in board order.
"""

from __future__ import annotations

from app.games.fox_on_the_run.state import State
from app.games.frozen import evolve
from app.games.review import ReviewRules


def canonical(state: State, viewer: int) -> State:
    hidden = [index for index, tile in enumerate(state.board) if not tile.revealed]
    ids = iter(sorted(state.board[index].id for index in hidden))
    board = list(state.board)
    for index in hidden:
        board[index] = evolve(board[index], id=next(ids))
    return evolve(state, board=tuple(board), seed=0)


REVIEW = ReviewRules(
    canonical=canonical,
    inaccuracy=0.08,
    mistake=0.16,
    scale="the expert's faction judge: the chance it gives the seat's faction of winning",
    iterations=160,
)

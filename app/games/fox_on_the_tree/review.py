"""How the post-game review weighs a decision (app/games/review.py): the canonical deal of
what a seat could not see, and the costs that make an inaccuracy or a mistake.

The only hidden things are the other seats' cards, and nothing public narrows them down: the
canonical deal gives them the lowest numbers other than the seat's own, in seat order.
"""

from __future__ import annotations

from app.games.fox_on_the_tree.data import CARDS
from app.games.fox_on_the_tree.state import State
from app.games.frozen import evolve
from app.games.review import ReviewRules


def canonical(state: State, viewer: int) -> State:
    own = state.cards[viewer]
    others = iter(number for number in sorted(CARDS) if number != own)
    cards = tuple(own if seat == viewer else next(others) for seat in range(state.players))
    return evolve(state, cards=cards, seed=0)


REVIEW = ReviewRules(
    canonical=canonical,
    inaccuracy=0.08,
    mistake=0.16,
    scale="the search's utility: half for winning, half for the rank among the players",
    iterations=200,
)

"""How the post-game review weighs a decision (app/games/review.py): the canonical deal of
what a seat could not see, and the costs that make an inaccuracy or a mistake.

The canonical deal gives the cards whose place the seat did not know, in sorted order, to the
places it could not see (hands, then the deck; special cards left in the box first to the
box), exactly the kind of re-deal `determinize` makes. Two deals the seat cannot tell apart
hold the same cards in those places, so they give the same canonical deal.
"""

from __future__ import annotations

from app.games.fox_in_the_forest.data import SPECTATOR
from app.games.fox_in_the_forest.data_cards import is_special
from app.games.fox_in_the_forest.hidden import _box_is_secret, _hidden_slots, _renamed
from app.games.fox_in_the_forest.state import State
from app.games.frozen import evolve
from app.games.review import ReviewRules


def canonical(state: State, viewer: int) -> State:
    fixed = set(state.known[viewer]) | set(state.known[SPECTATOR]) | set(state.hands[viewer])
    hidden = [card for _, _, card in _hidden_slots(state, fixed)]
    box = state.box if _box_is_secret(state) else ()
    pool = sorted([*hidden, *box])
    new_box = [card for card in pool if is_special(card)][: len(box)]
    in_play = [card for card in pool if card not in new_box]
    mapping = dict(zip(hidden, in_play, strict=True))
    mapping.update(zip(box, new_box, strict=True))
    return _renamed(evolve(state, seed=0), mapping, viewer)


REVIEW = ReviewRules(
    canonical=canonical,
    inaccuracy=1 / 16,
    mistake=2 / 16,
    scale="1/16 is one point of the round's score difference (the expert's round judge)",
    iterations=200,
)

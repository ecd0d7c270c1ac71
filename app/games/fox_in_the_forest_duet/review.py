"""How the post-game review weighs a decision (app/games/review.py): the canonical deal of
what a seat could not see, and the costs that make an inaccuracy or a mistake.

A player sees its own hand; of its partner's it knows the cards it saw go there. The canonical
deal gives the partner, besides those, the lowest cards (in sorted order) of the unseen ones
that the partner may hold (no suit it showed out of; if too few fit, the lowest of the rest),
and the draw pile the remaining ones in order. A #7 pick the partner holds face down becomes
the first card of its hand.
"""

from __future__ import annotations

from app.games.fox_in_the_forest_duet.data import suit_of
from app.games.fox_in_the_forest_duet.rules_tricks import set_hand
from app.games.fox_in_the_forest_duet.state import State
from app.games.fox_in_the_forest_duet.view import known_cards
from app.games.frozen import evolve
from app.games.review import ReviewRules


def canonical(state: State, viewer: int) -> State:
    partner = 1 - viewer
    fixed = known_cards(state, partner, viewer)
    loose = [card for card in state.hands[partner] if card not in fixed]
    pool = sorted([*state.deck, *loose])
    fitting = [card for card in pool if suit_of(card) not in state.voids[partner]]
    dealt = [*fitting, *(card for card in pool if card not in fitting)][: len(loose)]
    hands = set_hand(state.hands, partner, [*fixed, *dealt])
    picks = list(state.picks)
    if picks[partner] is not None:
        picks[partner] = hands[partner][0]
    return evolve(
        state,
        seed=0,
        hands=hands,
        deck=tuple(card for card in pool if card not in dealt),
        picks=(picks[0], picks[1]),
    )


REVIEW = ReviewRules(
    canonical=canonical,
    inaccuracy=0.04,
    mistake=0.08,
    scale="the expert's team judge (gems, forest tokens, the tracker's distance to a gem)",
    iterations=320,
)

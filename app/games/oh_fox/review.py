"""How the post-game review weighs a decision (app/games/review.py): the canonical re-deal of
what a seat could not see, and the costs that make an inaccuracy or a mistake.

`determinize` here already draws everything hidden (the other identities, the other seats'
chosen cards while programming, the predator's marks) from what the viewer knows alone, never
from the true values, so its world for a fixed generator is canonical.
"""

from __future__ import annotations

import random

from app.games.frozen import evolve
from app.games.oh_fox.hidden import determinize
from app.games.oh_fox.state import OhFoxState
from app.games.protocol import Action
from app.games.review import ReviewRules

CANONICAL_DRAW = 0


def canonical(state: OhFoxState, viewer: int) -> OhFoxState:
    return evolve(determinize(state, viewer, random.Random(CANONICAL_DRAW)), seed=0)


def changes_the_match(action: Action) -> bool:
    """Marks are the predator's memory aid: they cannot change the match, so are not weighed."""
    return action["type"] in ("play", "guess")


REVIEW = ReviewRules(
    canonical=canonical,
    inaccuracy=0.08,
    mistake=0.16,
    scale="the search's utility: half for winning, half for the rank among the players",
    iterations=240,
    reviewed=changes_the_match,
)

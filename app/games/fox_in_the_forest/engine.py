"""The engine object: the game's metadata wired to its role modules (see app.games.skeleton)."""

from __future__ import annotations

from app.games.fox_in_the_forest import hidden, rules, rules_types, scoring, setup, view
from app.games.fox_in_the_forest.data import GAME_ID, SEATS
from app.games.fox_in_the_forest.state import State
from app.games.fox_in_the_forest.view_types import ForestView
from app.games.skeleton import Metadata, SkeletonEngine

METADATA = Metadata(
    id=GAME_ID,
    title="The Fox in the Forest",
    pitch="A duel of tricks where Foxes, Witches and Swans bend the rules: win, but not too much.",
    version=2,
    seats=range(SEATS, SEATS + 1),
    options=setup.OPTIONS,
    view_type=ForestView,
    action_types=rules_types.ACTIONS,
)

ENGINE = SkeletonEngine(
    METADATA, State, setup=setup, rules=rules, view=view, hidden=hidden, scoring=scoring
)

"""The Fox on the Tree engine: metadata wired to its role modules (see app.games.skeleton)."""

from __future__ import annotations

from app.games.fox_on_the_tree import hidden, rules, rules_types, scoring, setup, view
from app.games.fox_on_the_tree.state import State
from app.games.fox_on_the_tree.view_types import TreeView
from app.games.skeleton import Metadata, SkeletonEngine

METADATA = Metadata(
    id="fox-on-the-tree",
    title="Fox on the Tree",
    pitch=(
        "Secretly back two animals and doom a third as farm animals and predators race "
        "past Banana Peels and Swamps, then run the other way."
    ),
    version=1,
    seats=range(2, 6),
    options=setup.OPTIONS,
    view_type=TreeView,
    action_types=rules_types.ACTIONS,
)

ENGINE = SkeletonEngine(
    METADATA, State, setup=setup, rules=rules, view=view, hidden=hidden, scoring=scoring
)

"""The Fox on the Run engine: metadata wired to its role modules (see app.games.skeleton)."""

from __future__ import annotations

from app.games.fox_on_the_run import hidden, rules, rules_types, scoring, setup, view
from app.games.fox_on_the_run.state import State
from app.games.fox_on_the_run.view_types import RunView
from app.games.skeleton import Metadata, SkeletonEngine

METADATA = Metadata(
    id="fox-on-the-run",
    title="Fox on the Run",
    pitch=(
        "Indigo dashes through a hidden forest to free Scarlett while Zev hunts him: "
        "every tile you step on may fling you somewhere new."
    ),
    version=1,
    seats=range(2, 7),
    options=setup.OPTIONS,
    view_type=RunView,
    action_types=rules_types.ACTIONS,
)

ENGINE = SkeletonEngine(
    METADATA, State, setup=setup, rules=rules, view=view, hidden=hidden, scoring=scoring
)

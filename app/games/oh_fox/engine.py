"""The Oh, Fox! engine: metadata wired to its role modules (see app.games.skeleton)."""

from __future__ import annotations

from app.games.oh_fox import hidden, rules, rules_types, scoring, setup, view
from app.games.oh_fox.data import GAME_ID
from app.games.oh_fox.state import OhFoxState
from app.games.oh_fox.view_types import OhFoxView
from app.games.skeleton import Metadata, SkeletonEngine

METADATA = Metadata(
    id=GAME_ID,
    title="Oh, Fox!",
    pitch=(
        "Program eight secret moves, hide who you are, then watch the predator's hunt "
        "play out all at once."
    ),
    version=1,
    seats=range(2, 5),
    options=setup.OPTIONS,
    view_type=OhFoxView,
    action_types=rules_types.ACTIONS,
)

ENGINE = SkeletonEngine(
    METADATA, OhFoxState, setup=setup, rules=rules, view=view, hidden=hidden, scoring=scoring
)

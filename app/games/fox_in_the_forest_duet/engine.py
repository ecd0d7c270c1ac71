"""The Fox in the Forest Duet as an `Engine`: metadata wired to its role modules."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet import hidden, rules, rules_types, scoring, setup, view
from app.games.fox_in_the_forest_duet.data import GAME_ID, PLAYERS
from app.games.fox_in_the_forest_duet.state import State
from app.games.fox_in_the_forest_duet.view_types import DuetView
from app.games.skeleton import Metadata, SkeletonEngine

METADATA = Metadata(
    id=GAME_ID,
    title="The Fox in the Forest Duet",
    pitch="Two friends, one team: win tricks in turn to walk the path and gather every gem.",
    version=2,  # 2: the memory rule over the log, the open_tricks house rule, knowledge by sight
    seats=range(PLAYERS, PLAYERS + 1),
    options=setup.OPTIONS,
    view_type=DuetView,
    action_types=rules_types.ACTIONS,
    # The communication rules forbid table talk: only preset reactions are offered.
    free_chat=False,
    # The table wins or loses together: a team record per pair and level, never a rating.
    cooperative=True,
    level_option=setup.LEVEL_OPTION.key,
)

ENGINE = SkeletonEngine(
    METADATA, State, setup=setup, rules=rules, view=view, hidden=hidden, scoring=scoring
)

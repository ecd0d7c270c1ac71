"""The `expert` bot: determinised search from the view alone.

It deals several worlds consistent with its view (`bot_world`: the partner's hidden cards and
the draw pile), tries every legal action in each with the engine's own rules, and lets both
partners play on as `standard` for the rest of the trick and a few more. The resulting table
is judged for the team: a win or a loss above all, then gems taken, forest tokens kept, and
how near the tracker stands to a gem. The same worlds serve every action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.games.fox_in_the_forest_duet import actions
from app.games.fox_in_the_forest_duet.bot_standard import standard
from app.games.fox_in_the_forest_duet.bot_world import world_from_view
from app.games.fox_in_the_forest_duet.rules import to_act
from app.games.fox_in_the_forest_duet.state import WON, State
from app.games.fox_in_the_forest_duet.view import view as build_view
from app.games.protocol import Action

STEP_BUDGET = 160
"""Engine steps simulated per decision, shared among the actions (about 80 ms, idle core)."""
MAX_WORLDS = 4
HORIZON = 1
"""Tricks played out after the current one."""
WIN, LOSS = 1000.0, -1000.0
GEM, TOKEN, DISTANCE = 10.0, 12.0, 0.5
STEPS_PER_TRICK = 2.5


def expert(
    view: Mapping[str, Any], legal: Sequence[Action], seat: int, rng: random.Random
) -> Action:
    if len(legal) == 1:
        return legal[0]
    first = world_from_view(view, seat, rng)
    if first is None:
        return standard(view, legal, seat, rng)
    cost = STEPS_PER_TRICK * (HORIZON + 1)
    count = int(max(1, min(MAX_WORLDS, STEP_BUDGET // (cost * len(legal)))))
    worlds = [first] + [world_from_view(view, seat, rng) or first for _ in range(count - 1)]
    totals = [0.0] * len(legal)
    for world in worlds:
        for index, action in enumerate(legal):
            after = actions.apply(world, seat, action)[0]
            totals[index] += _playout(after, world.trick_no, random.Random(rng.random()))
    # Break ties the way `standard` would, so that search only overrides it for a reason.
    preferred = standard(view, legal, seat, rng)
    best = max(totals)
    ties = [i for i, total in enumerate(totals) if total >= best - 1e-9]
    return preferred if legal.index(preferred) in ties else legal[ties[0]]


def _playout(state: State, trick_no: int, rng: random.Random) -> float:
    """Both partners play `standard` until HORIZON more tricks are done; the team's value."""
    start_round = state.round
    while not state.over:
        if state.round != start_round or state.trick_no > trick_no + HORIZON:
            break
        seat = to_act(state)[0]
        legal = actions.legal_actions(state, seat)
        action = (
            legal[0] if len(legal) == 1 else standard(build_view(state, seat), legal, seat, rng)
        )
        state = actions.apply(state, seat, action)[0]
    return team_value(state)


def team_value(state: State) -> float:
    if state.over:
        return WIN if state.result == WON else LOSS
    gems = [space for space, count in enumerate(state.gems) if count > 0]
    nearest = min((abs(space - state.tracker) for space in gems), default=0)
    return GEM * state.collected + TOKEN * state.forest_left - DISTANCE * nearest

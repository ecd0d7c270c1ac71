"""How a finished match ended: the winners, the scores and the public score table."""

from __future__ import annotations

from typing import Any

from app.games.fox_in_the_forest.rules_flow import match_winners
from app.games.fox_in_the_forest.state import State, is_over
from app.games.protocol import Outcome


def outcome(state: State) -> Outcome | None:
    if not is_over(state):
        return None
    winners, reason = match_winners(state)
    return Outcome(winners, tuple(float(s) for s in state.scores), reason, _detail(state))


def _detail(state: State) -> dict[str, Any]:
    """The public score table: every round's tricks and points."""
    return {
        "scores": list(state.scores),
        "target_score": state.options.target_score,
        "rounds": [
            {
                "round": record.round_no,
                "dealer": record.dealer,
                "tricks": list(record.tricks),
                "trick_points": list(record.trick_points),
                "gained": list(record.gained),
            }
            for record in state.history
        ],
    }

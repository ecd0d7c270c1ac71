"""The shared outcome: both seats win or both lose, with the team's score."""

from __future__ import annotations

from typing import Any

from app.games.fox_in_the_forest_duet.data import (
    LEVELS,
    POINTS_PER_CARD_LEFT,
    POINTS_PER_UNUSED_FOREST_TOKEN,
    ROUND_TWO_BONUS,
)
from app.games.fox_in_the_forest_duet.state import WON, State
from app.games.protocol import Outcome


def outcome(state: State) -> Outcome | None:
    if not state.over:
        return None
    if state.result != WON:
        detail: dict[str, Any] = {
            "result": "lost",
            "level": state.level,
            "round": state.round,
            "gems_left": state.gems_on_board,
            "gems_collected": state.collected,
            "forest_tokens_left": state.forest_left,
            "total": 0,
        }
        return Outcome((), (0, 0), state.result, detail)
    detail = win_score(state)
    return Outcome((0, 1), (detail["total"], detail["total"]), state.result, detail)


def win_score(state: State) -> dict[str, Any]:
    """Level points, a point per card left in both hands, the round-2 bonus, unused tokens."""
    cards_left = sum(len(hand) for hand in state.hands)
    parts = {
        "level_points": LEVELS[state.level].points,
        "card_points": cards_left * POINTS_PER_CARD_LEFT,
        "round_two_bonus": ROUND_TWO_BONUS if state.won_round == 2 else 0,
        "forest_token_points": state.forest_left * POINTS_PER_UNUSED_FOREST_TOKEN,
    }
    return {
        "result": "won",
        "level": state.level,
        "round": state.won_round,
        "cards_left": cards_left,
        "forest_tokens_unused": state.forest_left,
        "gems_collected": state.collected,
        **parts,
        "total": sum(parts.values()),
    }

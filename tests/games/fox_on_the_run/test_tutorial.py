"""The guided first match of Fox on the Run shows steps, hidden tiles, arrows and abilities."""

from __future__ import annotations

from app.games import GAMES
from tests.games.conformance_tutorial import played

GAME = GAMES["fox-on-the-run"]


def test_the_script_plays_through_reveals_arrows_and_the_guardians_abilities() -> None:
    events = played(GAME.engine, GAME.tutorial)
    kinds = [e["event"] for e in events]
    learner_moves = [s.action["type"] for s in GAME.tutorial.steps if s.seat == 0]
    assert "step" in learner_moves and "reveal" in learner_moves  # Zev's ability
    assert "rotate" in learner_moves  # Puffer's ability
    assert "reveal" in kinds and "carried" in kinds  # a tile turned, an arrow followed

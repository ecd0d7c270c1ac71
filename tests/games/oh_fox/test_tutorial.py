"""The guided first match of Oh, Fox! is a whole two-player match, the learner a prey."""

from __future__ import annotations

from app.games import GAMES
from app.games.tutorial import walk
from tests.games.conformance_tutorial import played

GAME = GAMES["oh-fox"]


def test_the_script_plays_eight_turns_the_guess_and_the_reckoning() -> None:
    events = played(GAME.engine, GAME.tutorial)
    kinds = [e["event"] for e in events]
    assert kinds.count("revealed") == 8  # eight turns programmed in secret, then shown
    assert "guess" in kinds and "executed" in kinds and "scores" in kinds


def test_the_learner_is_a_prey_and_the_match_ends_with_the_script() -> None:
    engine, tutorial = GAME.engine, GAME.tutorial
    *_, last = walk(engine, tutorial)
    assert engine.outcome(last.state) is not None
    first = next(iter(walk(engine, tutorial)))
    you = engine.view(first.state, tutorial.learner)["you"]
    assert you["role"] == "prey" and you["animal"] == "hedgehog"  # as the coach's welcome says
    assert "hedgehog" in tutorial.welcome

"""The guided first match of the Duet shows what a new team must see."""

from __future__ import annotations

from app.games import GAMES
from tests.games.conformance_tutorial import played

GAME = GAMES["fox-in-the-forest-duet"]


def test_the_script_plays_through_the_paws_the_gems_and_the_odd_cards() -> None:
    events = played(GAME.engine, GAME.tutorial)
    kinds = [e["event"] for e in events]
    assert any(e["event"] == "move" and e["gem"] for e in events)  # the tracker takes a gem
    assert any(e["event"] == "exchange_decree" and e["seat"] == 0 for e in events)  # a 3
    assert "count_paws" in kinds  # a 5
    assert "swapped" in kinds  # a 7
    assert "choose_direction" in kinds or "direction" in kinds  # a 1


def test_a_nine_led_frees_the_other_player_from_following() -> None:
    steps = GAME.tutorial.steps
    led_nines = [
        i
        for i, step in enumerate(steps[:-1])
        if step.action.get("card", "").endswith("-9")
        and step.seat == GAME.tutorial.learner
        and "lead" in step.coach
    ]
    assert led_nines
    assert "need not follow suit" in " ".join(s.coach for s in steps)

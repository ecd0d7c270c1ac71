"""The post-game review is honest: a seat's review depends on its information set alone.

For every game a match is played by the `standard` bots; then seat 0's whole review (every
decision it took) is worked out from the true states, and again with each state replaced by a
twin the seat could not tell from it at that moment (every card it could not see re-dealt by
the engine's `determinize`, three draws): the reviews must be equal to the last digit. The
canonical state each review starts from keeps the seat's view and legal actions, and is the
same for every twin, while the twins do differ from the true state (else the test would prove
nothing).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games import REGISTRY, REVIEWS, STRATEGIES
from app.games.review import MISTAKE, Decision, decisions_of, judge_decision
from app.games.search import SearchExpert
from benchmarks.review import played

GAMES = sorted(game for game in REVIEWS)
ITERATIONS = 12  # a small budget: the equality, not the quality, is under test
TWINS = 3


def expert_of(game: str) -> SearchExpert:
    expert = STRATEGIES[game]["expert"]
    assert isinstance(expert, SearchExpert)
    return expert


def decisions(game: str) -> list[Decision]:
    found = decisions_of(REGISTRY[game], REVIEWS[game], "honesty", 0, played(game, seed=7))
    assert len(found) >= 2, f"{game}: too few decisions to review"
    return found


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_the_seat_could_not_know_do_not_change_its_review(game: str) -> None:
    engine, rules, expert = REGISTRY[game], REVIEWS[game], expert_of(game)
    found = decisions(game)
    review = [judge_decision(engine, expert, rules, decision, ITERATIONS) for decision in found]
    differed = False
    for draw in range(TWINS):
        twins = [twin_of(engine, decision, draw) for decision in found]
        differed |= any(
            engine.encode(twin.state) != engine.encode(real.state)
            for twin, real in zip(twins, found, strict=True)
        )
        again = [judge_decision(engine, expert, rules, twin, ITERATIONS) for twin in twins]
        assert again == review, (
            f"{game}: seat 0's review changed with cards it could not know (draw {draw})"
        )
    assert differed, f"{game}: no twin differed from the real match: the test proves nothing"


def twin_of(engine: Any, decision: Decision, draw: int) -> Decision:
    """The decision in a world its seat could not tell from the real one at that moment."""
    state = engine.determinize(decision.state, decision.seat, random.Random(draw))
    return Decision(decision.match_id, decision.seat, decision.step, state, decision.action)


@pytest.mark.parametrize("game", GAMES)
def test_the_canonical_state_is_what_the_seat_knew(game: str) -> None:
    engine, rules = REGISTRY[game], REVIEWS[game]
    for decision in decisions(game):
        known = rules.canonical(decision.state, 0)
        assert engine.view(known, 0) == engine.view(decision.state, 0)
        assert engine.legal_actions(known, 0) == engine.legal_actions(decision.state, 0)
        for draw in range(TWINS):
            twin = engine.determinize(decision.state, 0, random.Random(draw))
            assert engine.encode(rules.canonical(twin, 0)) == engine.encode(known)


def test_the_same_review_comes_out_every_time() -> None:
    game = "fox-in-the-forest"
    engine, rules, expert = REGISTRY[game], REVIEWS[game], expert_of(game)
    decision = decisions(game)[0]
    first = judge_decision(engine, expert, rules, decision, ITERATIONS)
    assert judge_decision(engine, expert, rules, decision, ITERATIONS) == first


def test_a_costly_decision_is_flagged_by_the_games_thresholds() -> None:
    rules = REVIEWS["fox-in-the-forest"]
    assert rules.flag(rules.mistake) == MISTAKE
    assert rules.flag(rules.inaccuracy) == "inaccuracy"
    assert rules.flag(rules.inaccuracy / 2) is None
    for game, each in REVIEWS.items():
        assert 0 < each.inaccuracy < each.mistake < 1, game

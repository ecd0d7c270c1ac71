"""The post-game review is honest: a seat's review depends on its information set alone.

For every game a match is played by the `standard` bots; then each of seat 0's decisions is
reviewed twice, once from the true state and once from a twin the seat cannot tell from it
(every card it could not see re-dealt by the engine's `determinize`, with several draws): the
verdicts must be equal to the last digit. The canonical state each review starts from keeps
the seat's view and legal actions, and is the same for every twin, while the twins do differ
from the true state (else the test would prove nothing).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games import REGISTRY, REVIEWS, STRATEGIES
from app.games.knowledge import knowledge_of
from app.games.options import defaults
from app.games.review import MISTAKE, Decision, decisions_of, judge_decision
from app.games.search import SearchExpert

GAMES = sorted(game for game in REVIEWS)
ITERATIONS = 12  # a small budget: the equality, not the quality, is under test
DECISIONS = 8  # reviewed per game: every kind of step early in a match
TWINS = 3


def played(game: str, seed: int = 7) -> tuple[Any, list[tuple[Any, int, Any]]]:
    engine = REGISTRY[game]
    standard = STRATEGIES[game]["standard"]
    rng = random.Random(seed)
    state = engine.setup(min(engine.seats), defaults(engine.options), seed)
    steps: list[tuple[Any, int, Any]] = []
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        action = standard(knowledge_of(engine, state, seat), rng)
        steps.append((state, seat, action))
        state = engine.apply(state, seat, action).state
    return engine, steps


def expert_of(game: str) -> SearchExpert:
    expert = STRATEGIES[game]["expert"]
    assert isinstance(expert, SearchExpert)
    return expert


def decisions(game: str) -> list[Decision]:
    engine, steps = played(game)
    found = decisions_of(engine, REVIEWS[game], "honesty", 0, steps)
    assert len(found) >= 2, f"{game}: too few decisions to review"
    return found[:DECISIONS]


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_the_seat_could_not_know_do_not_change_its_review(game: str) -> None:
    engine, rules, expert = REGISTRY[game], REVIEWS[game], expert_of(game)
    differed = False
    for decision in decisions(game):
        truth = judge_decision(engine, expert, rules, decision, ITERATIONS)
        for draw in range(TWINS):
            twin_state = engine.determinize(decision.state, decision.seat, random.Random(draw))
            differed |= engine.encode(twin_state) != engine.encode(decision.state)
            twin = Decision(decision.match_id, 0, decision.step, twin_state, decision.action)
            assert judge_decision(engine, expert, rules, twin, ITERATIONS) == truth, (
                f"{game}: step {decision.step} was judged differently in a world seat 0 "
                "could not tell from the real one"
            )
    assert differed, f"{game}: no twin differed from the real match: the test proves nothing"


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

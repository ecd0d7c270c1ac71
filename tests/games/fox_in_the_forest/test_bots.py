"""The bots: always legal, decide from their knowledge alone, standard beats random, expert beats
standard."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.bots import STRATEGIES, expert, standard
from app.games.fox_in_the_forest.state import State
from app.games.knowledge import SeatKnowledge
from app.games.protocol import Action, Knowledge, Strategy
from app.games.rng import pick
from tests.games.bot_checks import Draws, check_always_listed, decide_with_twin

OPTION_SETS: list[dict[str, Any]] = [
    {"target_score": 16},
    {"target_score": 16, "poison": True},
    {"target_score": 16, "special_cards": 3, "poison": True, "goals": True},
]
FAST_EXPERT = expert.budgeted(iterations=12)
"""The search on a small budget, for the checks that only need it to run."""


def states(options: Mapping[str, Any], seed: int, count: int) -> Iterator[tuple[State, int]]:
    """States along a random playout (and the seat to act), a new match when one ends."""
    rng = random.Random(seed)
    state = ENGINE.setup(2, ENGINE.check_options(options, 2), seed)
    for _ in range(count):
        if not ENGINE.to_act(state):
            state = ENGINE.setup(2, ENGINE.check_options(options, 2), rng.getrandbits(32))
        seat = ENGINE.to_act(state)[0]
        yield state, seat
        state = ENGINE.apply(state, seat, pick(rng, ENGINE.legal_actions(state, seat))).state


def knowing(state: State, seat: int) -> SeatKnowledge:
    """What the platform hands a bot: the view as JSON (names filled in) and the legal list."""
    text = json.dumps(ENGINE.view(state, seat)).replace("{seat0}", "Ada").replace("{seat1}", "Bo")
    return SeatKnowledge(
        ENGINE, state, seat, json.loads(text), list(ENGINE.legal_actions(state, seat))
    )


# --------------------------------------------------------------------------- legal actions


@pytest.mark.parametrize("options", OPTION_SETS)
def test_standard_always_returns_a_listed_action(options: dict[str, Any]) -> None:
    for index, (state, seat) in enumerate(states(options, 7, 1500)):
        knowledge = knowing(state, seat)
        assert standard(knowledge, random.Random(index)) in knowledge.legal


@pytest.mark.parametrize("options", OPTION_SETS)
def test_expert_always_returns_a_listed_action(options: dict[str, Any]) -> None:
    # Every option set, Deluxe modules included: the search needs nothing but the contract.
    check_always_listed(ENGINE, FAST_EXPERT, (2,), count=300, options=options, every=12)


def test_the_strategy_table() -> None:
    assert {"standard": standard, "expert": expert} == STRATEGIES


# --------------------------------------------------------------------------- knowledge only


@pytest.mark.parametrize("options", OPTION_SETS[1:])
@pytest.mark.parametrize("name", ["standard", "expert"])
def test_a_bot_decides_from_its_knowledge_alone(name: str, options: dict[str, Any]) -> None:
    strategy = FAST_EXPERT if name == "expert" else STRATEGIES[name]
    checked = differed = 0
    for index, (state, seat) in enumerate(states(options, 3, 300)):
        if len(ENGINE.legal_actions(state, seat)) < 2 or index % 5:
            continue
        # Same view, other hidden cards, the same worlds: the same decision.
        mine, theirs, other = decide_with_twin(ENGINE, strategy, state, seat, index)
        assert theirs == mine
        checked += 1
        differed += other.hands[1 - seat] != state.hands[1 - seat]
    assert checked >= 20 and differed >= checked // 2, (checked, differed)


def test_the_knowledge_check_catches_a_bot_that_peeks() -> None:
    """Controls: the check above fails for bots that reach the real match behind the view."""

    def reads_the_other_hand(knowledge: Knowledge, rng: random.Random) -> Action:
        match = knowledge._state  # type: ignore[attr-defined]
        strongest = max(match.hands[1 - knowledge.seat], default="")
        return knowledge.legal[hash(strongest) % len(knowledge.legal)]

    def deals_its_own_worlds(knowledge: Knowledge, rng: random.Random) -> Action:
        match = knowledge._state  # type: ignore[attr-defined]
        world = knowledge.engine.determinize(match, knowledge.seat, rng)
        return knowledge.legal[hash(world.hands[1 - knowledge.seat]) % len(knowledge.legal)]

    state, seat = next(s for s in states({}, 5, 40) if len(ENGINE.legal_actions(*s)) > 3)
    for peeker in (reads_the_other_hand, deals_its_own_worlds):
        differs = [
            mine != theirs
            for seed in range(8)
            for mine, theirs, _ in [decide_with_twin(ENGINE, peeker, state, seat, seed)]
        ]
        assert any(differs), peeker.__name__


def test_every_world_a_bot_draws_looks_exactly_like_the_match() -> None:
    for options in OPTION_SETS:
        for index, (state, seat) in enumerate(states(options, 11, 200)):
            draws = Draws(ENGINE, state, seat)  # asserts view and legal actions per world
            for seed in range(2):
                draws(random.Random(index * 2 + seed))
            assert len(draws.worlds) == 2


# --------------------------------------------------------------------------- strength


def match(seed: int, lineup: tuple[Strategy, Strategy], options: Mapping[str, Any]) -> float:
    """Seat 0's share of the win."""
    rngs = [random.Random(seed * 2 + seat) for seat in range(2)]
    state = ENGINE.setup(2, ENGINE.check_options(options, 2), seed)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = lineup[seat](SeatKnowledge(ENGINE, state, seat, legal=legal), rngs[seat])
        state = ENGINE.apply(state, seat, action).state
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return 1 / len(outcome.winners) if 0 in outcome.winners else 0.0


def random_bot(knowledge: Knowledge, rng: random.Random) -> Action:
    return pick(rng, knowledge.legal)


def test_standard_beats_random_clearly() -> None:
    wins = 0.0
    for game in range(100):
        options = OPTION_SETS[game % 3] if game % 4 == 3 else {"target_score": 16}
        if game % 2:
            wins += 1 - match(game, (random_bot, standard), options)
        else:
            wins += match(game, (standard, random_bot), options)
    assert wins >= 70, wins


def round_gains(seed: int, lineup: tuple[Strategy, Strategy]) -> tuple[int, int]:
    """The points each seat makes in the first round of a match."""
    rngs = [random.Random(seed * 2 + seat) for seat in range(2)]
    state = ENGINE.setup(2, ENGINE.check_options({}, 2), seed)
    while not state.history:
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = lineup[seat](SeatKnowledge(ENGINE, state, seat, legal=legal), rngs[seat])
        state = ENGINE.apply(state, seat, action).state
    gained = state.history[0].gained
    return gained[0], gained[1]


def test_expert_beats_standard_over_the_same_deals() -> None:
    # Each deal is played twice, the expert in either seat: luck of the cards cancels out.
    expert_points = standard_points = 0
    searcher = expert.budgeted(expert.iterations)  # no wall-time cap: reproducible
    for deal in range(6):
        first = round_gains(deal, (searcher, standard))
        second = round_gains(deal, (standard, searcher))
        expert_points += first[0] + second[1]
        standard_points += first[1] + second[0]
    assert expert_points >= standard_points + 12, (expert_points, standard_points)

"""The bots: always legal, decide from the view alone, standard beats random, expert beats
standard."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.bot_world import world_from_view
from app.games.fox_in_the_forest.bots import STRATEGIES, expert, standard
from app.games.fox_in_the_forest.state import State
from app.games.protocol import Action, Strategy
from app.games.rng import pick

OPTION_SETS: list[dict[str, Any]] = [
    {"target_score": 16},
    {"target_score": 16, "poison": True},
    {"target_score": 16, "special_cards": 3, "poison": True, "goals": True},
]
ENGINE_METHODS = ("view", "legal_actions", "apply", "determinize", "secrets", "encode", "outcome")


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


def sent(state: State, seat: int) -> tuple[dict[str, Any], list[Action]]:
    """What the platform hands a bot: the view as JSON (names filled in) and the legal list."""
    text = json.dumps(ENGINE.view(state, seat)).replace("{seat0}", "Ada").replace("{seat1}", "Bo")
    return json.loads(text), list(ENGINE.legal_actions(state, seat))


def forbidden(*_args: object, **_kwargs: object) -> Any:
    raise AssertionError("a bot asked the engine about the real match")


def decide_poisoned(
    monkeypatch: pytest.MonkeyPatch, strategy: Strategy, state: State, seat: int, seed: int
) -> Action:
    """The bot's choice with the engine's entry points (the only way from a view back to the
    real state) made to raise while it thinks."""
    view, legal = sent(state, seat)
    with monkeypatch.context() as patched:
        for name in ENGINE_METHODS:
            patched.setattr(ENGINE, name, forbidden)
        return strategy(view, legal, seat, random.Random(seed))


def twin(state: State, seat: int, seed: int) -> State:
    """The same match as `seat` sees it, every hidden card dealt again."""
    other = ENGINE.determinize(state, seat, random.Random(seed))
    assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    return other


# --------------------------------------------------------------------------- legal actions


@pytest.mark.parametrize("options", OPTION_SETS)
def test_standard_always_returns_a_listed_action(options: dict[str, Any]) -> None:
    for index, (state, seat) in enumerate(states(options, 7, 1500)):
        view, legal = sent(state, seat)
        assert standard(view, legal, seat, random.Random(index)) in legal


@pytest.mark.parametrize("options", OPTION_SETS)
def test_expert_always_returns_a_listed_action(options: dict[str, Any]) -> None:
    for index, (state, seat) in enumerate(states(options, 8, 300)):
        view, legal = sent(state, seat)
        if len(legal) > 1 and index % 12:
            continue  # searching is slow: check every single-choice step, a sample of the rest
        assert expert(view, legal, seat, random.Random(index)) in legal


def test_the_strategy_table() -> None:
    assert {"standard": standard, "expert": expert} == STRATEGIES


# --------------------------------------------------------------------------- view only


@pytest.mark.parametrize("name", ["standard", "expert"])
def test_a_bot_decides_from_the_view_alone(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    strategy = STRATEGIES[name]
    checked = differed = 0
    for index, (state, seat) in enumerate(states({"target_score": 16, "poison": True}, 3, 300)):
        if len(ENGINE.legal_actions(state, seat)) < 2 or index % 5:
            continue
        # Same view, other hidden cards: the same decision (same generator), engine poisoned.
        mine = decide_poisoned(monkeypatch, strategy, state, seat, index)
        other = twin(state, seat, index)
        assert decide_poisoned(monkeypatch, strategy, other, seat, index) == mine
        checked += 1
        differed += other.hands[1 - seat] != state.hands[1 - seat]
    assert checked >= 20 and differed >= checked // 2, (checked, differed)


def test_the_view_only_check_catches_a_bot_that_peeks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Controls: the checks above fail for bots that read what their seat may not see."""
    peeked: dict[str, State] = {}

    def asks_the_engine(
        view: Mapping[str, Any], legal: Sequence[Action], seat: int, rng: random.Random
    ) -> Action:
        ENGINE.determinize(peeked["state"], seat, rng)
        return legal[0]

    def reads_the_other_hand(
        view: Mapping[str, Any], legal: Sequence[Action], seat: int, rng: random.Random
    ) -> Action:
        strongest = max(peeked["state"].hands[1 - seat], default="")
        return legal[hash(strongest) % len(legal)]

    state, seat = next(s for s in states({}, 5, 40) if len(ENGINE.legal_actions(*s)) > 3)
    peeked["state"] = state
    with pytest.raises(AssertionError, match="asked the engine"):
        decide_poisoned(monkeypatch, asks_the_engine, state, seat, 0)
    choices = set()
    for seed in range(8):
        peeked["state"] = twin(state, seat, seed)
        choices.add(json.dumps(decide_poisoned(monkeypatch, reads_the_other_hand, state, seat, 0)))
    assert len(choices) > 1


def test_a_world_built_from_a_view_looks_exactly_like_the_match() -> None:
    for index, (state, seat) in enumerate(states({"poison": True}, 11, 400)):
        view = ENGINE.view(state, seat)
        world = world_from_view(view, seat, random.Random(index))
        if world is None:
            assert view["phase"] not in ("play", "fox", "discard")
            continue
        assert ENGINE.view(world, seat) == view
        assert ENGINE.legal_actions(world, seat) == ENGINE.legal_actions(state, seat)


def test_no_world_is_built_where_the_view_cannot_pin_it_down() -> None:
    state = ENGINE.setup(2, ENGINE.check_options({"special_cards": 2}, 2), 4)
    seat = ENGINE.to_act(state)[0]
    assert world_from_view(ENGINE.view(state, seat), seat, random.Random(0)) is None


# --------------------------------------------------------------------------- strength


def match(seed: int, lineup: tuple[Strategy, Strategy], options: Mapping[str, Any]) -> float:
    """Seat 0's share of the win."""
    rngs = [random.Random(seed * 2 + seat) for seat in range(2)]
    state = ENGINE.setup(2, ENGINE.check_options(options, 2), seed)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = lineup[seat](ENGINE.view(state, seat), legal, seat, rngs[seat])
        state = ENGINE.apply(state, seat, action).state
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return 1 / len(outcome.winners) if 0 in outcome.winners else 0.0


def random_bot(
    view: Mapping[str, Any], legal: Sequence[Action], seat: int, rng: random.Random
) -> Action:
    return pick(rng, legal)


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
        action = lineup[seat](ENGINE.view(state, seat), legal, seat, rngs[seat])
        state = ENGINE.apply(state, seat, action).state
    gained = state.history[0].gained
    return gained[0], gained[1]


def test_expert_beats_standard_over_the_same_deals() -> None:
    # Each deal is played twice, the expert in either seat: luck of the cards cancels out.
    expert_points = standard_points = 0
    for deal in range(6):
        first = round_gains(deal, (expert, standard))
        second = round_gains(deal, (standard, expert))
        expert_points += first[0] + second[1]
        standard_points += first[1] + second[0]
    assert expert_points >= standard_points + 12, (expert_points, standard_points)

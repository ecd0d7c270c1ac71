"""Checks every bot strategy must pass: it answers with a listed action, and it decides from
the seat's view alone (the engine's way back to the real match raises while it thinks, and a
twin match with everything hidden re-dealt gets the same decision)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from app.games.protocol import Engine, Strategy
from app.games.rng import pick

ENGINE_METHODS = ("view", "legal_actions", "apply", "determinize", "secrets", "encode", "outcome")


def states_along_playouts(
    engine: Engine[Any], seed: int, count: int, players: int
) -> Iterator[tuple[Any, int]]:
    """States along random playouts (a new match when one ends), with a seat that may act."""
    rng = random.Random(seed)
    state = engine.setup(players, engine.check_options({}, players), seed)
    for _ in range(count):
        if not engine.to_act(state):
            state = engine.setup(players, engine.check_options({}, players), rng.getrandbits(32))
        seat = pick(rng, engine.to_act(state))
        yield state, seat
        state = engine.apply(state, seat, pick(rng, engine.legal_actions(state, seat))).state


def _forbidden(*_args: object, **_kwargs: object) -> Any:
    raise AssertionError("a bot asked the engine about the real match")


def decide_poisoned(
    monkeypatch: pytest.MonkeyPatch,
    engine: Engine[Any],
    strategy: Strategy,
    state: Any,
    seat: int,
    seed: int,
) -> Any:
    """The bot's choice from the view as the platform sends it (JSON), with the engine's entry
    points (the way back to the real match) raising while it thinks."""
    view = json.loads(json.dumps(engine.view(state, seat)))
    legal = list(engine.legal_actions(state, seat))
    with monkeypatch.context() as patched:
        for name in ENGINE_METHODS:
            patched.setattr(engine, name, _forbidden)
        return strategy(view, legal, seat, random.Random(seed))


def check_always_listed(
    engine: Engine[Any], strategy: Strategy, player_counts: Sequence[int], count: int = 600
) -> None:
    for players in player_counts:
        for index, (state, seat) in enumerate(
            states_along_playouts(engine, players, count, players)
        ):
            legal = engine.legal_actions(state, seat)
            assert strategy(engine.view(state, seat), legal, seat, random.Random(index)) in legal


def check_view_alone(
    monkeypatch: pytest.MonkeyPatch,
    engine: Engine[Any],
    strategy: Strategy,
    player_counts: Sequence[int],
    minimum: int = 20,
) -> None:
    """Same view, everything hidden from the seat dealt again: the same decision."""
    checked = 0
    for players in player_counts:
        states = states_along_playouts(engine, 10 + players, 200, players)
        for index, (state, seat) in enumerate(states):
            if len(engine.legal_actions(state, seat)) < 2 or index % 4:
                continue
            twin = engine.determinize(state, seat, random.Random(index))
            assert engine.view(twin, seat) == engine.view(state, seat)
            mine = decide_poisoned(monkeypatch, engine, strategy, state, seat, index)
            assert decide_poisoned(monkeypatch, engine, strategy, twin, seat, index) == mine
            checked += 1
    assert checked >= minimum, checked

"""Checks every bot strategy must pass: it answers with a listed action, and it decides from
its seat's knowledge alone.

A strategy is handed a `Knowledge` object only: the view as the platform sends it (through
JSON), the legal actions, and worlds drawn by `determinize`. The secrecy proof has two parts:
- every world the bot draws shows its seat exactly the match's view and legal actions;
- a *twin* match (everything hidden from the seat re-dealt by `determinize`) handed to the
  bot with the same worlds replayed gets the same decision from the same generator: the
  decision depends on the view, the legal actions and the drawn worlds, on nothing else
  the knowledge object holds (the true match it samples from, above all).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from app.games.knowledge import SeatKnowledge
from app.games.protocol import Action, Engine, Strategy
from app.games.rng import pick


def states_along_playouts(
    engine: Engine[Any],
    seed: int,
    count: int,
    players: int,
    options: Mapping[str, Any] | None = None,
) -> Iterator[tuple[Any, int]]:
    """States along random playouts (a new match when one ends), with a seat that may act."""
    rng = random.Random(seed)
    checked = engine.check_options(options or {}, players)
    state = engine.setup(players, checked, seed)
    for _ in range(count):
        if not engine.to_act(state):
            state = engine.setup(players, checked, rng.getrandbits(32))
        seat = pick(rng, engine.to_act(state))
        yield state, seat
        state = engine.apply(state, seat, pick(rng, engine.legal_actions(state, seat))).state


def sent(engine: Engine[Any], state: Any, seat: int) -> tuple[dict[str, Any], list[Action]]:
    """What the platform hands a bot: the view as JSON and the legal list."""
    return json.loads(json.dumps(engine.view(state, seat))), list(engine.legal_actions(state, seat))


class Draws:
    """Worlds drawn for a seat, each checked to look exactly like the match to that seat."""

    def __init__(self, engine: Engine[Any], state: Any, seat: int) -> None:
        self.engine, self.state, self.seat = engine, state, seat
        self.view = engine.view(state, seat)
        self.legal = list(engine.legal_actions(state, seat))
        self.worlds: list[tuple[Any, Any]] = []

    def __call__(self, rng: random.Random) -> Any:
        world = self.engine.determinize(self.state, self.seat, rng)
        assert self.engine.view(world, self.seat) == self.view, "a world shows another view"
        assert list(self.engine.legal_actions(world, self.seat)) == self.legal
        # Drawing used the bot's generator: the replay must leave it where this draw did.
        self.worlds.append((world, rng.getstate()))
        return world


class Replay:
    """The worlds another knowledge object drew, in the same order, each leaving the bot's
    generator as drawing it did."""

    def __init__(self, draws: Draws) -> None:
        self.worlds = iter(draws.worlds)

    def __call__(self, rng: random.Random) -> Any:
        drawn = next(self.worlds, None)
        assert drawn is not None, "the twin asked for more worlds than the match"
        world, after = drawn
        rng.setstate(after)
        return world


def decide(
    engine: Engine[Any], strategy: Strategy, state: Any, seat: int, seed: int, draws: Any
) -> Action:
    view, legal = sent(engine, state, seat)
    knowledge = SeatKnowledge(engine, state, seat, view, legal, draws=draws)
    return strategy(knowledge, random.Random(seed))


def decide_with_twin(
    engine: Engine[Any], strategy: Strategy, state: Any, seat: int, seed: int
) -> tuple[Action, Action, Any]:
    """The decision in the match and in a twin given the same worlds, and the twin."""
    twin = engine.determinize(state, seat, random.Random(seed))
    assert engine.view(twin, seat) == engine.view(state, seat)
    draws = Draws(engine, state, seat)
    mine = decide(engine, strategy, state, seat, seed, draws)
    theirs = decide(engine, strategy, twin, seat, seed, Replay(draws))
    return mine, theirs, twin


def check_always_listed(
    engine: Engine[Any],
    strategy: Strategy,
    player_counts: Sequence[int],
    count: int = 600,
    options: Mapping[str, Any] | None = None,
    every: int = 1,
) -> None:
    """The strategy answers with one of the legal actions (`every`: check one state in so
    many that offer a choice, for the slow search bots)."""
    for players in player_counts:
        states = states_along_playouts(engine, players, count, players, options)
        for index, (state, seat) in enumerate(states):
            legal = list(engine.legal_actions(state, seat))
            if len(legal) > 1 and index % every:
                continue
            knowledge = SeatKnowledge(engine, state, seat, legal=legal)
            assert strategy(knowledge, random.Random(index)) in legal


def check_knowledge_alone(
    engine: Engine[Any],
    strategy: Strategy,
    player_counts: Sequence[int],
    minimum: int = 20,
    options: Mapping[str, Any] | None = None,
    every: int = 4,
) -> None:
    """Same view, everything hidden from the seat dealt again, same worlds: same decision."""
    checked = 0
    for players in player_counts:
        states = states_along_playouts(engine, 10 + players, 50 * every, players, options)
        for index, (state, seat) in enumerate(states):
            if len(engine.legal_actions(state, seat)) < 2 or index % every:
                continue
            mine, theirs, _ = decide_with_twin(engine, strategy, state, seat, index)
            assert theirs == mine
            checked += 1
    assert checked >= minimum, checked


def knowing(engine: Engine[Any], state: Any, seat: int) -> SeatKnowledge:
    """The knowledge the platform hands the bot of `seat`: view through JSON, legal list."""
    view, legal = sent(engine, state, seat)
    return SeatKnowledge(engine, state, seat, view, legal)


def play_match(
    engine: Engine[Any],
    lineup: Sequence[Strategy],
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> Any:
    """A whole match with `lineup[seat]` in each seat; the final state."""
    players = len(lineup)
    rngs = [random.Random(seed * players + seat) for seat in range(players)]
    state = engine.setup(players, engine.check_options(options or {}, players), seed)
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        legal = list(engine.legal_actions(state, seat))
        action = lineup[seat](SeatKnowledge(engine, state, seat, legal=legal), rngs[seat])
        assert action in legal
        state = engine.apply(state, seat, action).state
    return state

"""The Fox on the Tree engine object: the contract's entry points, wired to the modules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.games import options as option_tools
from app.games.fox_on_the_tree import hidden, rules, scoring, views
from app.games.fox_on_the_tree.state import State, decode, encode
from app.games.protocol import JSON, Action, OptionSpec, Outcome, Secret, Transition, check_viewer


class FoxOnTheTree:
    id = "fox-on-the-tree"
    title = "Fox on the Tree"
    pitch = (
        "Secretly back two animals and doom a third as farm animals and predators race "
        "past Banana Peels and Swamps, then run the other way."
    )
    version = 1
    seats = range(2, 6)
    options: tuple[OptionSpec, ...] = ()
    free_chat = True

    def check_options(self, options: Mapping[str, JSON], players: int) -> dict[str, JSON]:
        return option_tools.normalize(self.options, options)

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> State:
        return rules.setup(players, seed)

    def to_act(self, state: State) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        return [command.as_action() for command in rules.legal_commands(state, seat)]

    def apply(self, state: State, seat: int, action: Action) -> Transition[State]:
        return rules.apply(state, seat, action)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    def view(self, state: State, viewer: int | None) -> dict[str, JSON]:
        check_viewer(viewer, state.players)
        return views.view(state, viewer)

    def forgotten_before(self, state: State) -> int:
        return 0  # no memory rule: the whole log stays readable

    def secrets(self, state: State) -> Sequence[Secret]:
        return hidden.secrets(state)

    def determinize(self, state: State, viewer: int | None, rng: random.Random) -> State:
        return hidden.determinize(state, viewer, rng)

    def encode(self, state: State) -> dict[str, Any]:
        return encode(state)

    def decode(self, data: Mapping[str, Any]) -> State:
        return decode(data)

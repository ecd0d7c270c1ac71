"""The Fox in the Forest Duet as an `Engine`: metadata and the contract's functions."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.games import options as option_tools
from app.games.fox_in_the_forest_duet import actions, hidden, memory, rounds, rules, scoring
from app.games.fox_in_the_forest_duet.data import GAME_ID, LEVELS, PLAYERS
from app.games.fox_in_the_forest_duet.state import State, decode, encode
from app.games.fox_in_the_forest_duet.view import view as build_view
from app.games.protocol import (
    JSON,
    Action,
    BadOptions,
    Choice,
    Flag,
    Outcome,
    Seat,
    Secret,
    Transition,
    check_viewer,
)

LEVEL_OPTION = Choice(
    key="level",
    label="Level",
    values=tuple(LEVELS),
    default=1,
    help="1: board side A. 2: side B. 3: side B with a forest token placed at the start.",
)

OPEN_TRICKS_OPTION = Flag(
    key="open_tricks",
    label="Earlier tricks stay readable (house rule)",
    default=False,
    help="The rulebook says players may never look at cards discarded in previous tricks, so "
    "the log stops naming the cards of older tricks. With this house rule it names them all.",
)


class DuetEngine:
    id = GAME_ID
    title = "The Fox in the Forest Duet"
    pitch = "Two friends, one team: win tricks in turn to walk the path and gather every gem."
    version = 2  # 2: the memory rule over the log, the open_tricks house rule, knowledge by sight
    seats = range(PLAYERS, PLAYERS + 1)
    options = (LEVEL_OPTION, OPEN_TRICKS_OPTION)
    # The communication rules forbid table talk: only preset reactions are offered.
    free_chat = False

    def check_options(self, options: Mapping[str, JSON], players: int) -> dict[str, JSON]:
        if players != PLAYERS:
            raise BadOptions("The Fox in the Forest Duet is for exactly 2 players.")
        return option_tools.normalize(self.options, options)

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> State:
        checked = self.check_options(options, players)
        return rounds.setup(int(checked["level"]), seed, open_tricks=bool(checked["open_tricks"]))

    def to_act(self, state: State) -> tuple[Seat, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        return actions.legal_actions(state, seat)

    def apply(self, state: State, seat: Seat, action: Action) -> Transition[State]:
        after, log = actions.apply(state, seat, action)
        return Transition(after, tuple(log))

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    def view(self, state: State, viewer: Seat | None) -> dict[str, JSON]:
        check_viewer(viewer, len(state.hands))
        return build_view(state, viewer)

    def forgotten_before(self, state: State) -> int:
        return memory.forgotten_before(state)

    def secrets(self, state: State) -> Sequence[Secret]:
        return hidden.secrets(state)

    def determinize(self, state: State, viewer: Seat | None, rng: random.Random) -> State:
        return hidden.determinize(state, viewer, rng)

    def encode(self, state: State) -> dict[str, Any]:
        return encode(state)

    def decode(self, data: Mapping[str, JSON]) -> State:
        return decode(data)


ENGINE = DuetEngine()

"""Oh, Fox!: eight turns of secret, simultaneous programming, hidden identities, and a final
reckoning where every card is executed at once to see who ate and who got eaten."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.games.oh_fox import hidden, rules, table
from app.games.oh_fox import state as match_state
from app.games.oh_fox import view as views
from app.games.oh_fox.data import GAME_ID
from app.games.oh_fox.finale import outcome
from app.games.oh_fox.state import OhFoxState
from app.games.protocol import Action, OptionSpec, Outcome, Secret, Transition, check_viewer


class OhFoxEngine:
    id = GAME_ID
    title = "Oh, Fox!"
    pitch = (
        "Program eight secret moves, hide who you are, then watch the predator's hunt "
        "play out all at once."
    )
    version = 1
    seats = range(2, 5)
    options: tuple[OptionSpec, ...] = table.OPTIONS
    free_chat = True

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        return table.check_options(options, players)

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> OhFoxState:
        return table.setup(players, options, seed)

    def to_act(self, state: OhFoxState) -> tuple[int, ...]:
        return match_state.to_act(state)

    def legal_actions(self, state: OhFoxState, seat: int) -> Sequence[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: OhFoxState, seat: int, action: Action) -> Transition[OhFoxState]:
        return rules.apply(state, seat, action)

    def outcome(self, state: OhFoxState) -> Outcome | None:
        return outcome(state)

    def view(self, state: OhFoxState, viewer: int | None) -> dict[str, Any]:
        check_viewer(viewer, state.players)
        return views.view(state, viewer)

    def forgotten_before(self, state: OhFoxState) -> int:
        return 0  # no memory rule: the whole log stays readable

    def secrets(self, state: OhFoxState) -> Sequence[Secret]:
        return hidden.secrets(state)

    def determinize(self, state: OhFoxState, viewer: int | None, rng: random.Random) -> OhFoxState:
        return hidden.determinize(state, viewer, rng)

    def encode(self, state: OhFoxState) -> dict[str, Any]:
        return match_state.encode(state)

    def decode(self, data: Mapping[str, Any]) -> OhFoxState:
        return match_state.decode(data)


ENGINE = OhFoxEngine()

__all__ = ["ENGINE", "OhFoxEngine", "OhFoxState"]

"""What a bot is given when its seat is to act: a `Knowledge` object (app/games/protocol.py).

The bot reads the seat's view and legal actions and may ask for sampled worlds; the match
state stays private to this object. Worlds come from the engine's `determinize`, which the
leak check proves shows the seat nothing its view does not, so a bot that searches sees no
more than a player would.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.games.protocol import JSON, Action, Engine, Seat

Sampler = Callable[[random.Random], Any]


class SeatKnowledge:
    """The `Knowledge` of one seat. View and legal actions are worked out only when read: a
    rollout inside an imagined world builds one of these per step, and most bots read only
    part of it."""

    __slots__ = ("_draws", "_engine", "_legal", "_state", "_view", "seat")

    def __init__(
        self,
        engine: Engine[Any],
        state: Any,
        seat: Seat,
        view: Mapping[str, JSON] | None = None,
        legal: Sequence[Action] | None = None,
        draws: Sampler | None = None,
    ) -> None:
        self._engine = engine
        self._state = state  # the true match: only `sample` may use it
        self.seat = seat
        self._view = view
        self._legal = legal
        self._draws = draws

    @property
    def engine(self) -> Engine[Any]:
        return self._engine

    @property
    def view(self) -> Mapping[str, JSON]:
        if self._view is None:
            self._view = self._engine.view(self._state, self.seat)
        return self._view

    @property
    def legal(self) -> Sequence[Action]:
        if self._legal is None:
            self._legal = self._engine.legal_actions(self._state, self.seat)
        return self._legal

    def sample(self, rng: random.Random) -> Any:
        if self._draws is not None:
            return self._draws(rng)
        return self._engine.determinize(self._state, self.seat, rng)


def knowledge_of(
    engine: Engine[Any],
    state: Any,
    seat: Seat,
    view: Mapping[str, JSON] | None = None,
    legal: Sequence[Action] | None = None,
) -> SeatKnowledge:
    """What `seat` knows of `state`. The runner passes the view and legal actions exactly as
    the seat's envelope has them (names filled in); elsewhere they are worked out when read."""
    return SeatKnowledge(engine, state, seat, view, legal)

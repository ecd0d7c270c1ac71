"""What a bot is given when its seat is to act: a `Knowledge` object (app/games/protocol.py).

The bot gets the seat's view and legal actions and may ask for sampled worlds; it never gets
the match state. Worlds come from the engine's `determinize`, which the leak check proves
shows the seat nothing its view does not, so a bot that searches sees no more than a player.
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

    __slots__ = ("_engine", "_legal", "_sampler", "_view", "seat")

    def __init__(
        self,
        engine: Engine[Any],
        seat: Seat,
        sampler: Sampler,
        view: Callable[[], Mapping[str, JSON]],
        legal: Callable[[], Sequence[Action]],
    ) -> None:
        self._engine = engine
        self.seat = seat
        self._sampler = sampler
        self._view: Mapping[str, JSON] | Callable[[], Mapping[str, JSON]] = view
        self._legal: Sequence[Action] | Callable[[], Sequence[Action]] = legal

    @property
    def engine(self) -> Engine[Any]:
        return self._engine

    @property
    def view(self) -> Mapping[str, JSON]:
        if callable(self._view):
            self._view = self._view()
        return self._view

    @property
    def legal(self) -> Sequence[Action]:
        if callable(self._legal):
            self._legal = self._legal()
        return self._legal

    def sample(self, rng: random.Random) -> Any:
        return self._sampler(rng)


def knowledge_of(
    engine: Engine[Any],
    state: Any,
    seat: Seat,
    view: Mapping[str, JSON] | None = None,
    legal: Sequence[Action] | None = None,
) -> SeatKnowledge:
    """What `seat` knows of `state`. The runner passes the view and legal actions exactly as
    the seat's envelope has them (names filled in); elsewhere they are worked out when read."""

    def sample(rng: random.Random) -> Any:
        return engine.determinize(state, seat, rng)

    return SeatKnowledge(
        engine,
        seat,
        sample,
        (lambda: view) if view is not None else (lambda: engine.view(state, seat)),
        (lambda: legal) if legal is not None else (lambda: engine.legal_actions(state, seat)),
    )


def with_sampler(knowledge: SeatKnowledge, sampler: Sampler) -> SeatKnowledge:
    """The same view and legal actions with worlds drawn by `sampler` (the secrecy checks
    replay one seat's worlds to its twin)."""
    return SeatKnowledge(
        knowledge.engine,
        knowledge.seat,
        sampler,
        lambda: knowledge.view,
        lambda: knowledge.legal,
    )

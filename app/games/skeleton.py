"""The one engine object: every game's `ENGINE` is a `SkeletonEngine` wired to its role modules.

A game package has the same files with the same roles (docs/adding-a-game.md): `setup.py`
(lobby options and the first state), `rules.py` (who acts, legal actions, apply, the "over"
test), `view.py`, `hidden.py` (secrets, determinize, the memory rule), `scoring.py` (the
outcome) and `state.py` (frozen dataclasses, stored through `app.games.codec`). Each role is a
module that satisfies one of the protocols below, so mypy checks a new game's modules against
the contract and no game writes its own adapter of one-line delegations.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

from app.games.codec import state_codec
from app.games.protocol import (
    JSON,
    Action,
    OptionSpec,
    Outcome,
    Seat,
    Secret,
    Transition,
    check_viewer,
)

S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)


class StateShape(Protocol):
    """Every state says how many seats its match has (what a viewer is checked against)."""

    @property
    def players(self) -> int: ...


St = TypeVar("St", bound=StateShape)


class SetupRole(Protocol[S_co]):
    """`setup.py`: lobby options and the first state."""

    def check_options(self, options: Mapping[str, JSON], players: int) -> dict[str, JSON]: ...

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> S_co: ...


class RulesRole(Protocol[S]):
    """`rules.py`: who acts, what they may do, what it does, and the one "over" test."""

    def to_act(self, state: S) -> tuple[Seat, ...]: ...

    def legal_actions(self, state: S, seat: Seat) -> Sequence[Action]: ...

    def apply(self, state: S, seat: Seat, action: Action) -> Transition[S]: ...

    def is_over(self, state: S) -> bool: ...


class ViewRole(Protocol[S_contra]):
    """`view.py`: the whitelist for one viewer (the viewer is checked before it is called).

    It returns the game's view TypedDict (`Metadata.view_type`), which mypy checks the view
    code against and the catalogue publishes as JSON Schema.
    """

    def view(self, state: S_contra, viewer: Seat | None) -> Mapping[str, object]: ...


class HiddenRole(Protocol[S]):
    """`hidden.py`: what is secret from whom, re-dealing it, and the memory rule."""

    def secrets(self, state: S) -> Sequence[Secret]: ...

    def determinize(self, state: S, viewer: Seat | None, rng: random.Random) -> S: ...

    def forgotten_before(self, state: S) -> int: ...


class ScoringRole(Protocol[S_contra]):
    """`scoring.py`: how a finished match ended (None while it runs)."""

    def outcome(self, state: S_contra) -> Outcome | None: ...


@dataclass(frozen=True)
class Metadata:
    """What the lobby and the game picker show; see `Engine` in protocol.py."""

    id: str
    title: str
    pitch: str
    version: int
    seats: range
    options: tuple[OptionSpec, ...]
    view_type: type
    """The TypedDict that `view` returns (in `view_types.py`): the game's `view_schema`."""
    action_types: tuple[type, ...] = ()
    """One TypedDict per action type (in `rules_types.py`), published in the OpenAPI document."""
    free_chat: bool = True
    """False where the rules forbid table talk: only preset reactions are offered."""
    cooperative: bool = False
    """True where the table wins or loses together: team records instead of ratings."""
    level_option: str | None = None
    """The option naming a match's level (team records are kept per level)."""


class SkeletonEngine(Generic[St]):
    """An `Engine` built from a game's role modules and its state class."""

    def __init__(
        self,
        metadata: Metadata,
        state_type: type[St],
        *,
        setup: SetupRole[St],
        rules: RulesRole[St],
        view: ViewRole[St],
        hidden: HiddenRole[St],
        scoring: ScoringRole[St],
    ) -> None:
        self.metadata = metadata
        self.state_type = state_type
        self._setup = setup
        self._rules = rules
        self._view = view
        self._hidden = hidden
        self._scoring = scoring
        self._codec = state_codec(state_type)

    @property
    def id(self) -> str:
        return self.metadata.id

    @property
    def title(self) -> str:
        return self.metadata.title

    @property
    def pitch(self) -> str:
        return self.metadata.pitch

    @property
    def version(self) -> int:
        return self.metadata.version

    @property
    def seats(self) -> range:
        return self.metadata.seats

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        return self.metadata.options

    @property
    def free_chat(self) -> bool:
        return self.metadata.free_chat

    @property
    def cooperative(self) -> bool:
        return self.metadata.cooperative

    @property
    def level_option(self) -> str | None:
        return self.metadata.level_option

    def check_options(self, options: Mapping[str, JSON], players: int) -> dict[str, JSON]:
        return self._setup.check_options(options, players)

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> St:
        return self._setup.setup(players, options, seed)

    def to_act(self, state: St) -> tuple[Seat, ...]:
        return self._rules.to_act(state)

    def legal_actions(self, state: St, seat: Seat) -> Sequence[Action]:
        return self._rules.legal_actions(state, seat)

    def apply(self, state: St, seat: Seat, action: Action) -> Transition[St]:
        return self._rules.apply(state, seat, action)

    def is_over(self, state: St) -> bool:
        return self._rules.is_over(state)

    def outcome(self, state: St) -> Outcome | None:
        return self._scoring.outcome(state)

    def view(self, state: St, viewer: Seat | None) -> dict[str, JSON]:
        check_viewer(viewer, state.players)
        # A TypedDict is a plain dict at run time: the cast costs nothing and copies nothing.
        return cast(dict[str, JSON], self._view.view(state, viewer))

    @property
    def view_type(self) -> type:
        return self.metadata.view_type

    @property
    def action_types(self) -> tuple[type, ...]:
        return self.metadata.action_types

    def forgotten_before(self, state: St) -> int:
        return self._hidden.forgotten_before(state)

    def secrets(self, state: St) -> Sequence[Secret]:
        return self._hidden.secrets(state)

    def determinize(self, state: St, viewer: Seat | None, rng: random.Random) -> St:
        return self._hidden.determinize(state, viewer, rng)

    def encode(self, state: St) -> dict[str, Any]:
        return self._codec.encode(state)

    def decode(self, data: Mapping[str, JSON]) -> St:
        return self._codec.decode(data)

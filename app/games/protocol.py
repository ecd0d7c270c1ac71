"""The engine contract: the one vocabulary every game speaks.

An engine is pure standard-library Python. The platform (lobby, matches, realtime, bots,
persistence) sees games only through `Engine` and the registry in `app.games`, so adding a
game never touches the platform.

Rules of the contract, checked for every registered engine by tests/games/conformance.py:
- `setup`, `apply` and `determinize` are deterministic functions of their inputs and never
  mutate them; all chance comes from the seed in the state (see `app.games.rng`).
- `legal_actions(state, seat)` lists *every* action `apply` accepts from that seat, and nothing
  else; it is empty for a seat that is not in `to_act`.
- `view(state, viewer)` is a whitelist built field by field; `viewer=None` is a spectator.
- `secrets(state)` names what each seat may not see; `determinize(state, viewer, rng)` re-deals
  everything hidden from `viewer`. The leak check asserts that no secret reaches a viewer it is
  hidden from and that a viewer's view and legal actions cannot tell a state from its
  determinization.
- `encode`/`decode` round-trip the state through JSON exactly (lists, never sets).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

Seat = int
"""A seat index, 0-based, in turn order of the lobby."""

JSON = Any
"""A JSON-able value: dict with str keys, list, str, int, float, bool or None."""

Action = Mapping[str, JSON]
"""A move: a JSON object with a "type" field and a few small fields."""


S = TypeVar("S")
T = TypeVar("T")


class Knowledge(Protocol):
    """All a bot may know when its seat is to act: what a player in that seat is sent (view
    and legal actions) and worlds it cannot tell from the real match (`sample` calls the
    engine's `determinize` on the true state, which the bot itself never holds).

    `engine` is the game's engine, for thinking inside a sampled world."""

    @property
    def seat(self) -> Seat: ...

    @property
    def view(self) -> Mapping[str, JSON]: ...

    @property
    def legal(self) -> Sequence[Action]: ...

    @property
    def engine(self) -> Engine[Any]: ...

    def sample(self, rng: random.Random) -> Any:
        """A state the seat cannot tell from the real one, everything hidden re-dealt."""
        ...


Strategy = Callable[[Knowledge, random.Random], Action]
"""A bot: picks one of `knowledge.legal` from what its seat may know (never the state)."""

ILLEGAL = "action/illegal"
MALFORMED = "action/malformed"
NOT_YOUR_TURN = "action/not_your_turn"


class IllegalAction(Exception):
    """Refusal of an action, with a stable code from API.md and a sentence for the player.

    The message is shown to the acting player only, yet it must never reveal something hidden
    from that player (say "You must follow suit", never "your opponent holds ...").
    """

    def __init__(self, message: str, code: str = ILLEGAL) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def check_viewer(viewer: Seat | None, players: int) -> None:
    """A view is for a seat of the match or a spectator (None); any other viewer is refused
    (a view for seat -1 would otherwise be the last seat's, by Python's indexing)."""
    if viewer is None:
        return
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players:
        raise IllegalAction("There is no such seat in this match.", MALFORMED)


class BadOptions(Exception):
    """Lobby options that the game cannot be played with; the message names the option."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class LogEntry:
    """One event in the match log.

    `text` is a sentence a player reads; it names players as `{seat0}` .. `{seat5}`, which the
    platform replaces with their names. `audience` None means everyone; a seat number means only
    that seat sees the entry while the match runs. After the end everyone reads every entry:
    the owner its `text` ("You draw the 9 of Moons"), anyone else its `others`, the same event
    told in the third person ("{seat0} draws the 9 of Moons"); an empty `others` leaves the
    entry out for them (another entry already tells it, say the other side of a swap).
    `data` is the machine-readable form of the same event, for clients and animations.

    Memory rules ("no player may look at the cards of previously won tricks") fade entries:
    `episode` numbers the part of the match the entry belongs to (a trick, counted through the
    whole match) and `faded` is what every channel shows instead, with no data, once the
    engine's `forgotten_before(state)` has passed that episode while the match runs; an empty
    `faded` leaves the entry out (a play, an ability: "{seat0} won a trick" says enough). In a
    game with a memory rule every entry has an episode (see `app.games.memory`), since a line
    that names no card can still tell one ("{seat0} keeps the decree card").
    """

    text: str
    audience: Seat | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)
    episode: int | None = None
    faded: str = ""
    others: str = ""


Log = tuple[LogEntry, ...]
"""The entries one step of the rules produced, in order: what rule helpers hand back beside
the new state, and what a `Transition` carries."""


class Transition(NamedTuple, Generic[T]):
    """What `apply` returns: the new state and the log entries the action produced.

    A named tuple, so a search that only wants the state may also write `after, _ = ...`.
    """

    state: T
    log: Log = ()


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended.

    `winners` may hold several seats (a cooperative win, a shared tie) or none (a team loss).
    `scores` has one number per seat. `reason` is a stable code such as "target_score",
    "tie_break", "gems_collected". `detail` is game-specific and public (score tables).
    """

    winners: tuple[Seat, ...]
    scores: tuple[float, ...]
    reason: str
    detail: Mapping[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True)
class Secret:
    """A token that may appear only in what `known_to` are sent.

    `value` is matched as a whole token (not inside a longer word or id) against everything a
    viewer receives: view, legal actions, log entries. Use ids ("bells-7") and, where log text
    spells a thing out, its spelled form too ("7 of Bells").
    """

    value: str
    known_to: tuple[Seat, ...] = ()


# --------------------------------------------------------------------------- lobby options


@dataclass(frozen=True)
class Choice:
    """One value out of a fixed list (rendered as a select)."""

    key: str
    label: str
    values: tuple[JSON, ...]
    default: JSON
    help: str = ""
    words: Mapping[JSON, str] = field(default_factory=dict, hash=False)
    """What a player reads for each value ("tough_nut" -> "Tough Nut (3 predators + 4 prey)"):
    identifiers are right for the API, wrong on a screen. Every value has words (a test checks)."""


@dataclass(frozen=True)
class Flag:
    """A boolean switch (rendered as a checkbox)."""

    key: str
    label: str
    default: bool = False
    help: str = ""


@dataclass(frozen=True)
class Integer:
    """A whole number in [minimum, maximum]."""

    key: str
    label: str
    minimum: int
    maximum: int
    default: int
    help: str = ""


@dataclass(frozen=True)
class Subset:
    """Any number of distinct values out of a fixed list (rendered as checkboxes)."""

    key: str
    label: str
    values: tuple[JSON, ...]
    default: tuple[JSON, ...] = ()
    help: str = ""
    words: Mapping[JSON, str] = field(default_factory=dict, hash=False)
    """What a player reads for each value, as for `Choice`."""


OptionSpec = Choice | Flag | Integer | Subset


# --------------------------------------------------------------------------- the engine


class Engine(Protocol[S]):
    """What every game module exposes as `ENGINE`.

    The metadata are read-only properties so that plain class attributes of narrower types
    (a tuple of only `Choice` options, say) satisfy the protocol.
    """

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def pitch(self) -> str:
        """One line that makes someone want to play, for the game picker."""
        ...

    @property
    def version(self) -> int:
        """Bumped whenever the state shape or the rules change."""
        ...

    @property
    def seats(self) -> range:
        """Allowed player counts, e.g. range(2, 3) for exactly two."""
        ...

    @property
    def options(self) -> tuple[OptionSpec, ...]: ...

    @property
    def free_chat(self) -> bool:
        """False where the rules forbid table talk (Duet): only preset reactions are offered."""
        ...

    @property
    def cooperative(self) -> bool:
        """True where the table wins or loses together (Duet): no player is rated against
        another; a team record is kept per pair of players and level instead."""
        ...

    @property
    def level_option(self) -> str | None:
        """The option naming a match's level, which a cooperative game's team records are
        kept per ("level"); None where the game has no levels."""
        ...

    @property
    def view_type(self) -> type:
        """The TypedDict that `view` returns: published as the game's view schema."""
        ...

    @property
    def action_types(self) -> tuple[type, ...]:
        """One TypedDict per action type: published as the game's actions, linked by `type`."""
        ...

    def check_options(self, options: Mapping[str, JSON], players: int) -> dict[str, JSON]:
        """Normalised options (defaults filled in), or BadOptions for a bad combination."""
        ...

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> S:
        """The first state. `options` has passed `check_options`."""
        ...

    def to_act(self, state: S) -> tuple[Seat, ...]:
        """Seats that may act now; several for simultaneous choices; () once it is over."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> Sequence[Action]:
        """Every action `apply` accepts from `seat` now, each exactly as it must be sent."""
        ...

    def apply(self, state: S, seat: Seat, action: Action) -> Transition[S]:
        """The state after `seat` takes `action`, or IllegalAction. Never mutates `state`."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """None while the match runs."""
        ...

    def view(self, state: S, viewer: Seat | None) -> dict[str, JSON]:
        """What `viewer` (None: a spectator) may know, built field by field; a viewer that is
        not a seat of this match is refused with IllegalAction (see `check_viewer`).

        Views carry a "prompt" sentence for the viewer ("Play a card: you must follow Bells").
        Once the match is over the view reveals everything that was hidden.
        """
        ...

    def forgotten_before(self, state: S) -> int:
        """Log entries whose `episode` is below this read as their `faded` text while the
        match runs; 0 where nothing is forgotten (no memory rule, or a house rule lifts it)."""
        ...

    def secrets(self, state: S) -> Sequence[Secret]:
        """Every hidden token in this state and the seats that may know it."""
        ...

    def determinize(self, state: S, viewer: Seat | None, rng: random.Random) -> S:
        """A state that `viewer` cannot tell from `state`: everything hidden from `viewer`
        re-dealt at random consistently with what `viewer` knows, and a fresh seed.
        Used by the leak check and by bots that search."""
        ...

    def encode(self, state: S) -> dict[str, JSON]:
        """The state as JSON (for the database); `decode(encode(s))` behaves exactly as `s`."""
        ...

    def decode(self, data: Mapping[str, JSON]) -> S:
        """The inverse of `encode`."""
        ...

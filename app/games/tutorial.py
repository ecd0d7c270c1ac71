"""The shape of a game's guided first match ("Learn to play"): a script kept beside the engine.

Every game package has a `tutorial.py` exposing `TUTORIAL`, built from these dataclasses: one
seeded deal against a bot, with every move of both sides written down, so the deal goes exactly
as written. The learner sits in seat `learner` and makes each of their moves; the platform
refuses any other legal move with the coach's hint instead of playing it (the script does not
branch: a fixed deal is what lets every line of the coach be true). The bot's moves are the
script's. Each step carries the coach's line, which explains the rule in play, and the element
of the table it points at (a CSS selector into the game's renderer).

A script is data, read by the platform (app/tutorials) and checked by tests/games: it changes
nothing in the engine (neither its behaviour nor its version). `walk` replays it through the
engine, purely, for both.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.games.protocol import JSON, Action, Engine, LogEntry, Seat


@dataclass(frozen=True)
class Step:
    """One move of the deal. For the learner's steps `action` is the move they are asked
    for; for the bot's, the move it makes. `coach` explains the rule in play (for the bot's
    steps it is read once the bot has moved); `points_at` selects the element of the table it
    is about."""

    seat: Seat
    action: Action
    coach: str
    points_at: str


@dataclass(frozen=True)
class Claim:
    """A rule the script promises the learner sees: some log entry of the deal has `event`
    in its data and every key of `where` with that value."""

    rule: str
    event: str
    where: Mapping[str, JSON] = field(default_factory=dict)

    def met_by(self, entry: LogEntry) -> bool:
        data = entry.data
        return data.get("event") == self.event and all(
            data.get(key) == value for key, value in self.where.items()
        )


@dataclass(frozen=True)
class Tutorial:
    """A guided deal: the first state is `setup(players, options, seed)`.

    `welcome` is said before the first move, `farewell` once the last step is played (the
    match goes on afterwards as an ordinary unrated match against the game's standard bot)."""

    seed: int
    players: int
    options: Mapping[str, JSON]
    welcome: str
    farewell: str
    steps: tuple[Step, ...]
    claims: tuple[Claim, ...]
    learner: Seat = 0


@dataclass(frozen=True)
class Walked:
    """The state before step `index` and the log of every step played so far."""

    index: int
    state: Any
    log: tuple[LogEntry, ...]


def first_state(engine: Engine[Any], tutorial: Tutorial) -> Any:
    options = engine.check_options(tutorial.options, tutorial.players)
    return engine.setup(tutorial.players, options, tutorial.seed)


def walk(engine: Engine[Any], tutorial: Tutorial) -> Iterator[Walked]:
    """Each state of the deal, from the first to the one after the last step (index ==
    len(steps)). Raises the engine's IllegalAction if a step is not legal where it stands."""
    state = first_state(engine, tutorial)
    log: tuple[LogEntry, ...] = ()
    for index, step in enumerate(tutorial.steps):
        yield Walked(index, state, log)
        state, entries = engine.apply(state, step.seat, step.action)
        log += entries
    yield Walked(len(tutorial.steps), state, log)

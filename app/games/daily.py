"""The daily deal of a game: one seeded deal a day that every player plays once against the bot.

Every game package has a `daily.py` exposing `DAILY`, built from these dataclasses. The platform
(app/daily) draws the day's deal once: a fresh seed, and the day's options and mission picked
by `of_the_day` from a generator seeded by it, so a day can vary the table (a Duet level, a few
special cards) without anyone being able to foresee tomorrow's. Every player then plays that
same deal from the same seat against the same bot; the bot's choices depend only on the table
it sees (app/bots), so two players who play the same moves meet the same answers, and their
results can be compared as in duplicate bridge.

`standing` ranks a finished result among those of the same deal: the higher the better,
compared as a tuple. By default a win comes first, then the margin over the best other seat.
A game may set a mission for the day (the Duet's team mission): meeting it ranks first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from app.games.protocol import JSON, Outcome, Seat

Standing = tuple[float, ...]


@dataclass(frozen=True)
class Mission:
    """A goal for the day, said in words and checked against the finished match's outcome."""

    key: str
    text: str
    met: Callable[[Outcome, Seat], bool]


@dataclass(frozen=True)
class DayTable:
    """What `of_the_day` picked for one day: the options and, if the game has missions, one."""

    options: Mapping[str, JSON] = field(default_factory=dict)
    mission: Mission | None = None


def won(outcome: Outcome, seat: Seat) -> bool:
    return seat in outcome.winners


def margin(outcome: Outcome, seat: Seat) -> float:
    """The seat's score less the best score of the other seats (the duplicate's usual yardstick:
    the bot answers every player alike, so a bigger gap is a better play of the same cards)."""
    others = [score for s, score in enumerate(outcome.scores) if s != seat]
    return outcome.scores[seat] - max(others, default=0.0)


def standing_by_win_then_margin(outcome: Outcome, seat: Seat, mission: Mission | None) -> Standing:
    met = mission.met(outcome, seat) if mission is not None else won(outcome, seat)
    return (float(met), float(won(outcome, seat)), margin(outcome, seat))


def same_table(_: random.Random) -> DayTable:
    """Every day the same options (the game's defaults); only the deal changes."""
    return DayTable()


@dataclass(frozen=True)
class DailyRules:
    """How a game's daily deal is laid: the number of seats, the player's seat (the others are
    the bot's), what changes from day to day, and how finished results rank."""

    players: int
    seat: Seat = 0
    of_the_day: Callable[[random.Random], DayTable] = same_table
    standing: Callable[[Outcome, Seat, Mission | None], Standing] = standing_by_win_then_margin
    missions: tuple[Mission, ...] = ()
    """Every mission `of_the_day` may pick, so the platform can name one found in the database."""

    def mission(self, key: str | None) -> Mission | None:
        return next((m for m in self.missions if m.key == key), None)

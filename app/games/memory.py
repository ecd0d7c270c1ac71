"""The memory rule's default for log lines: a line no rule tied to a trick goes with the trick
in play when its action began.

Trick games fade the lines of forgotten tricks (see `LogEntry`). Lines that name a card of a
trick are tied to it where they are written; every other line an action writes (an ability's
question and answer, a draw, a goal, a board move) is tied here to the trick in play, so nothing
said during a trick outlives the trick unless the game says its line tells nothing of the cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Set
from dataclasses import replace

from app.games.protocol import Log, LogEntry


def tie_to_trick(log: Iterable[LogEntry], trick: int, faded: Callable[[LogEntry], str]) -> Log:
    """`log` with every entry that has no episode given `trick` and its `faded(entry)` form."""
    return tuple(
        entry if entry.episode is not None else replace(entry, episode=trick, faded=faded(entry))
        for entry in log
    )


def faded_unless_kept(kept_events: Set[str]) -> Callable[[LogEntry], str]:
    """The faded form of the trick games' untied lines: public lines of `kept_events` (they
    tell nothing of the cards) read as they are, a deal names only its dealer, every other line
    (an ability's, a goal's, a move of the tracker) is left out."""

    def faded(entry: LogEntry) -> str:
        event = entry.data.get("event")
        if entry.audience is None and event in kept_events:
            return entry.text
        if event == "deal":
            return f"Round {entry.data['round']}: {{seat{entry.data['dealer']}}} deals."
        return ""

    return faded

"""The memory rule: "Players may never look at cards discarded in previous tricks".

Every log entry that names a card of a trick carries that trick's number, counted through the
whole match (its episode), and a sentence that names no card. While the match runs, the
platform shows that sentence instead, with no data, once the trick is older than the last
completed one. The `open_tricks` house rule lifts the rule: every trick stays readable.

A forgotten trick reads as one line, "Bo won a trick.": the plays and every ability's lines are
left out (the number of lines, the #3's exchange or the #7's swap would tell which cards were
played), and so are the tracker's moves, whose length tells the cards' paw prints. Every other
line of an action goes with the trick in play when the action began (`forget_with_trick`); only
the public lines in `KEPT_EVENTS` stay as they are, and the deal keeps its dealer but not its
decree card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from app.games.fox_in_the_forest_duet.data import TRICKS_PER_ROUND
from app.games.fox_in_the_forest_duet.state import ROUND_END, State
from app.games.memory import faded_unless_kept, tie_to_trick
from app.games.protocol import Log, LogEntry

# Public lines that tell nothing of a trick's cards: they read the same once forgotten.
KEPT_EVENTS = frozenset({"forest_token", "round_end", "won", "lost"})
_FADED = faded_unless_kept(KEPT_EVENTS)


def trick_number(state: State) -> int:
    """The trick being played (at a round's end: the one just played), counted through the
    match: trick 1 of round 2 is trick 12."""
    return (state.round - 1) * TRICKS_PER_ROUND + state.trick_no


def forgotten_before(state: State) -> int:
    """The last completed trick: it and the current trick stay readable, older ones fade."""
    if state.open_tricks:
        return 0
    # `trick_no` counts the trick in play, except at a round's end, when trick 11 is done.
    in_play = 0 if state.phase == ROUND_END else 1
    return trick_number(state) - in_play


def trick_entry(state: State, text: str, faded: str, data: Mapping[str, Any]) -> LogEntry:
    """A public entry naming a card of the trick in play; `faded` is what it reads later."""
    return LogEntry(text, data=data, episode=trick_number(state), faded=faded)


def forget_with_trick(before: State, log: Iterable[LogEntry]) -> Log:
    """Lines not tied to a trick go with the trick in play when the action began (`before`)."""
    return tie_to_trick(log, trick_number(before), _FADED)

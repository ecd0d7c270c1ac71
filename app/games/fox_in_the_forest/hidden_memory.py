"""The memory rule: "no player may look at the faces of cards in previously won tricks".

Every log entry that names a card of a trick belongs to that trick's *episode*, its number
counted through the whole match, and carries a faded sentence that names no card. The
platform shows the faded sentence for every episode below `forgotten_before`, so only the
current and the last completed trick stay readable, as on the table. The `open_tricks` house
rule lifts the rule: nothing fades.

A forgotten trick reads as one line, "Bo won a trick.": the plays and every ability's lines are
left out (how many lines a trick had, or who led it, would tell which cards were played; a Swan
makes the loser lead). Every other line of an action goes with the trick in play when the action
began (`forget_with_trick`); only the public lines in `KEPT_EVENTS` stay as they are, and the
deal keeps its dealer but not its decree card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from app.games.fox_in_the_forest.state import State
from app.games.memory import faded_unless_kept, tie_to_trick
from app.games.protocol import JSON, Log, LogEntry

# Public lines that tell nothing of a trick's cards: they read the same once forgotten. Goal
# claims and triggers are not among them: right after a trick, they tell what it held.
KEPT_EVENTS = frozenset({"goals", "round_score", "match_over"})
_FADED = faded_unless_kept(KEPT_EVENTS)


def completed_tricks(state: State) -> int:
    """Tricks finished in the whole match.

    A round's record is written when its last trick ends, while its tricks are still on the
    table until the next deal, so the current round counts from its tricks only.
    """
    earlier = sum(sum(r.tricks) for r in state.history if r.round_no != state.round_no)
    return earlier + len(state.tricks)


def current_trick(state: State) -> int:
    """The number of the trick being played now."""
    return completed_tricks(state) + 1


def forgotten_before(state: State) -> int:
    """Entries of tricks before the last completed one read faded (0: nothing fades)."""
    if state.options.open_tricks:
        return 0
    return completed_tricks(state)


def trick_entry(
    text: str,
    faded: str,
    trick: int,
    data: Mapping[str, JSON],
    audience: int | None = None,
    others: str = "",
) -> LogEntry:
    """An entry naming a card of trick number `trick`; `faded` is what it reads once forgotten
    (`others`: a private entry told in the third person, see `LogEntry`)."""
    return LogEntry(text, audience, data, episode=trick, faded=faded, others=others)


def forget_with_trick(before: State, log: Iterable[LogEntry]) -> Log:
    """Lines not tied to a trick go with the trick in play when the action began (`before`)."""
    return tie_to_trick(log, current_trick(before), _FADED)

"""The memory rule: "no player may look at the faces of cards in previously won tricks".

Every log entry that names a card of a trick belongs to that trick's *episode*, its number
counted through the whole match, and carries a faded sentence that names no card. The
platform shows the faded sentence for every episode below `forgotten_before`, so only the
current and the last completed trick stay readable, as on the table. The `open_tricks` house
rule lifts the rule: nothing fades.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.games.fox_in_the_forest.state import State
from app.games.protocol import JSON, LogEntry


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

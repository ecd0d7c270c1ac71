"""What one viewer reads of the stored match log: private lines, faded tricks, names filled in.

A stored entry is `{"text", "audience", "data"}`, plus `"episode"`/`"faded"` where a memory rule
may fade it and `"others"` where a private line has a third-person form (see `LogEntry`).

While the match runs, the log up to the last step that wrote an entry of a forgotten episode
reads as one block: each of its entries carries that step's seq and time, no seat and the actor
`forgotten`. A seq per step would leave a gap where a dropped ability line was (a gap after "Ada
led a card" tells a 3 or a 5), and a step's seat, actor or time would tell which card made a
player act again; the block tells only how far the forgotten part reaches.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from app.matches.envelope import fill_names
from app.matches.models import MatchAction
from app.matches.schemas import FORGOTTEN_ACTOR, LogEntryPublic


def readable_entries(
    rows: Iterable[MatchAction], names: list[str], seat: int | None, over: bool, forgotten: int
) -> list[LogEntryPublic]:
    """The entries of `rows` that `seat` (None: a spectator) may read, as they read them."""
    rows = list(rows)
    block = None if over else forgotten_block(rows, forgotten)
    return [
        _public(row, entry, text, names, forgotten, block)
        for row in rows
        for entry in row.log
        if (text := _text_for(entry, seat, over, forgotten))
    ]


def forgotten_block(rows: Sequence[MatchAction], forgotten: int) -> MatchAction | None:
    """The last row that wrote an entry of a forgotten episode; None when nothing is forgotten."""
    return next((row for row in reversed(rows) if _forgets(row, forgotten)), None)


def _forgets(row: MatchAction, forgotten: int) -> bool:
    return any(_faded(entry, forgotten) for entry in row.log)


def _text_for(entry: dict[str, Any], seat: int | None, over: bool, forgotten: int) -> str:
    """The sentence `seat` reads for `entry`; empty when it is left out for them."""
    audience = entry["audience"]
    if audience is not None and audience != seat:
        # Another seat's private line: hidden while the match runs; after the end told as a
        # third party sees it, never in the owner's "You ..." (older rows have no such form).
        return str(entry.get("others", "")) if over else ""
    if _faded(entry, forgotten):
        return str(entry["faded"])  # an empty faded form leaves the entry out
    return str(entry["text"])


def _faded(entry: dict[str, Any], forgotten: int) -> bool:
    return entry.get("episode") is not None and entry["episode"] < forgotten


def _public(
    row: MatchAction,
    entry: dict[str, Any],
    text: str,
    names: list[str],
    forgotten: int,
    block: MatchAction | None,
) -> LogEntryPublic:
    faded = _faded(entry, forgotten)
    # An entry of the forgotten block reads with the block's seq and time, no seat, no actor.
    hidden = block is not None and row.seq <= block.seq
    source = block if hidden and block is not None else row
    return LogEntryPublic(
        seq=source.seq,
        seat=None if hidden else row.seat,
        actor=FORGOTTEN_ACTOR if hidden else row.actor,
        text=fill_names(text, names),
        data={} if faded else fill_names(entry["data"], names),
        private=entry["audience"] is not None,
        faded=faded,
        at=source.created_at,
    )

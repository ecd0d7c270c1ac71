"""What one viewer reads of the stored match log: private lines, faded tricks, names filled in.

A stored entry is `{"text", "audience", "data"}`, plus `"episode"`/`"faded"` where a memory rule
may fade it and `"others"` where a private line has a third-person form (see `LogEntry`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.matches.envelope import fill_names
from app.matches.models import MatchAction
from app.matches.schemas import LogEntryPublic


def readable_entries(
    rows: Iterable[MatchAction], names: list[str], seat: int | None, over: bool, forgotten: int
) -> list[LogEntryPublic]:
    """The entries of `rows` that `seat` (None: a spectator) may read, as they read them."""
    return [
        _public(row, entry, text, names, forgotten)
        for row in rows
        for entry in row.log
        if (text := _text_for(entry, seat, over, forgotten))
    ]


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
    row: MatchAction, entry: dict[str, Any], text: str, names: list[str], forgotten: int
) -> LogEntryPublic:
    faded = _faded(entry, forgotten)
    return LogEntryPublic(
        seq=row.seq,
        seat=row.seat,
        actor=row.actor,
        text=fill_names(text, names),
        data={} if faded else fill_names(entry["data"], names),
        private=entry["audience"] is not None,
        faded=faded,
        at=row.created_at,
    )

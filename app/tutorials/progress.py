"""How far a guided match has followed its script, read from the match's own history.

The match's state alone cannot tell a match that finished its script and played on (the
standard bot takes over after the last step) from one that left it: its first moves can. The
history is compared with the script move by move.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.games.tutorial import Tutorial
from app.matches.models import MatchAction


@dataclass(frozen=True)
class Progress:
    """`step` is the next step to play (None once the match left the script); `finished`
    says every step was played as written."""

    step: int | None
    finished: bool


def progress(
    tutorial: Tutorial, history: Sequence[tuple[int | None, Mapping[str, Any]]]
) -> Progress:
    """Where `history` (the match's moves in order, as (seat, action)) stands in `tutorial`."""
    followed = 0
    for (seat, action), step in zip(history, tutorial.steps, strict=False):
        if seat != step.seat or _same(action) != _same(step.action):
            break
        followed += 1
    if followed == len(tutorial.steps):
        return Progress(followed, True)
    if followed == len(history):
        return Progress(followed, False)
    return Progress(None, False)


def _same(action: Mapping[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


async def read_progress(session: AsyncSession, match_id: str, tutorial: Tutorial) -> Progress:
    """The match's first moves, one more than the script has, are all it takes."""
    rows = await session.execute(
        select(MatchAction.seat, MatchAction.action)
        .where(MatchAction.match_id == match_id)
        .order_by(MatchAction.seq)
        .limit(len(tutorial.steps) + 1)
    )
    return progress(tutorial, [(seat, action) for seat, action in rows.all()])

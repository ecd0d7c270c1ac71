"""Where a match's history starts: its game's deal from the seed, or the stored first state
of a match that began elsewhere (a practice table played on from another match's moment)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.matches.loaded import LoadedMatch, decode_state
from app.matches.models import MatchStart


async def stored_start(session: AsyncSession, match_id: str) -> str | None:
    """The encoded first state of a match that did not begin with a deal, else None."""
    return await session.scalar(select(MatchStart.state).where(MatchStart.match_id == match_id))


def first_state(loaded: LoadedMatch, seed: int, start: str | None) -> Any:
    engine = loaded.engine
    if start is not None:
        return decode_state(engine, start)
    return engine.setup(len(loaded.seats), loaded.options, seed)

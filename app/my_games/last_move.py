"""The last move of someone else in a match, as the public log line I would read of it.

It goes through the log's own projection for my seat (app/matches/log_view.py): a line
private to another seat is never read, a forgotten trick reads as the log reads it then, and
only a public line (no private one, even mine) is shown in the list.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.matches.loaded import LoadedMatch
from app.matches.log_view import readable_entries
from app.matches.models import MatchAction
from app.my_games.schemas import LastMovePublic

# The history rows looked at: a move writes a handful of lines at most, and the forgotten
# block a window ends in reads the same as in the whole log (its last row is the newest).
WINDOW = 12


async def last_move(session: AsyncSession, loaded: LoadedMatch, seat: int) -> LastMovePublic | None:
    rows = await session.scalars(
        select(MatchAction)
        .where(MatchAction.match_id == loaded.id, MatchAction.seq > loaded.version - WINDOW)
        .order_by(MatchAction.seq)
    )
    forgotten = loaded.engine.forgotten_before(loaded.state)
    entries = readable_entries(rows, loaded.names(), seat, False, forgotten)
    for entry in reversed(entries):
        if entry.seat is not None and entry.seat != seat and not entry.private:
            return LastMovePublic(seat=entry.seat, text=entry.text, at=entry.at)
    return None

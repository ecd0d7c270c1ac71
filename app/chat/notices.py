"""The table's own lines in the chat: "Ada left the table: a bot plays on for them."

A *within* listener of the commit hook (app/server/commit_listeners.py): the notice of a seat
change is added to the seat change's own transaction, so the chat never tells of a change that
was not committed, nor misses one that was (a crash between two commits could). Sockets are
told to read it by the fan-out, with the seat change.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from app.chat.models import ChatMessage
from app.chat.schemas import NOTICE
from app.matches.commits import Commit, SeatChange

# What the table says after the player's name.
NOTICES = {
    SeatChange.LEFT: "left the table: a bot plays on for them.",
    SeatChange.BACK: "is back.",
    SeatChange.HANDED_OVER: "resigned: a bot plays their seat to the end, and it ranks last.",
}


async def write_notice(session: AsyncSession, commit: Commit) -> None:
    if commit.seat_change is None or commit.seat is None or commit.player_id is None:
        return
    session.add(
        ChatMessage(
            match_id=commit.match.id,
            seat=commit.seat,
            player_id=commit.player_id,
            text=NOTICES[commit.seat_change],
            kind=NOTICE,
        )
    )

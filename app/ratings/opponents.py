"""Who else sat at a player's recent matches: the names a profile links to.

One query for all the listed matches, not one per match. A seat's name is the one it had at
the table (MatchSeat.name), so a bot reads "Standard bot 2" and a player's profile link uses
their id, which outlives any later change of name.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.matches.models import MatchSeat
from app.ratings.schemas import OpponentPublic


async def opponents_of(
    session: AsyncSession, player_id: str, match_ids: Sequence[str]
) -> dict[str, list[OpponentPublic]]:
    """Match id -> the other seats of that match, in seat order."""
    if not match_ids:
        return {}
    seats = (
        await session.scalars(
            select(MatchSeat)
            .where(MatchSeat.match_id.in_(match_ids))
            .order_by(MatchSeat.match_id, MatchSeat.seat)
        )
    ).all()
    by_match: dict[str, list[OpponentPublic]] = defaultdict(list)
    for seat in seats:
        if seat.player_id == player_id:
            continue
        by_match[seat.match_id].append(
            OpponentPublic(seat=seat.seat, name=seat.name, player_id=seat.player_id, bot=seat.bot)
        )
    return by_match

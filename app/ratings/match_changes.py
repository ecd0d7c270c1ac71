"""How one rated match moved each seat's rating, on the display scale: the end screen's
"+12 -> 1512". Read from the match's history rows, so it is exactly what the leaderboard and
profiles were moved by; null for a match that moved no rating (unrated, Duet, not settled)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.ratings.display import display_change, display_rating
from app.ratings.models import RatingChange
from app.ratings.schemas import SeatRatingChangePublic


async def rating_changes(
    session: AsyncSession, match_id: str
) -> list[SeatRatingChangePublic] | None:
    rows = (
        await session.scalars(
            select(RatingChange)
            .where(RatingChange.match_id == match_id)
            .order_by(RatingChange.seat)
        )
    ).all()
    if not rows:
        return None
    return [
        SeatRatingChangePublic(
            seat=row.seat,
            player_id=row.player_id,
            before=display_rating(row.ordinal_before),
            after=display_rating(row.ordinal_after),
            change=display_change(row.ordinal_before, row.ordinal_after),
            rating_before=row.ordinal_before,
            rating_after=row.ordinal_after,
        )
        for row in rows
    ]

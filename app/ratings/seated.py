"""The ratings of the players at one table, for its lobby: one query for every seat.

A player with no rated match of the game yet is shown where everyone starts (1500 on the
display scale) with `matches` 0, so the lobby can say "new" rather than a number.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.ratings.display import START, display_rating
from app.ratings.models import PlayerRating
from app.ratings.schemas import SeatedRatingPublic, SeatedRatingsPublic


async def seated_ratings(
    session: AsyncSession, game: str, player_ids: Sequence[str]
) -> SeatedRatingsPublic:
    rows = (
        await session.scalars(
            select(PlayerRating).where(
                PlayerRating.game == game, PlayerRating.player_id.in_(player_ids)
            )
        )
    ).all()
    found = {row.player_id: row for row in rows}
    return SeatedRatingsPublic(
        game=game,
        ratings=[_rating(player_id, found.get(player_id)) for player_id in player_ids],
    )


def _rating(player_id: str, row: PlayerRating | None) -> SeatedRatingPublic:
    if row is None:
        return SeatedRatingPublic(player_id=player_id, rating=None, display_rating=START, matches=0)
    return SeatedRatingPublic(
        player_id=player_id,
        rating=row.ordinal,
        display_rating=display_rating(row.ordinal),
        matches=row.matches,
    )

"""/api/v1/games/{id}/leaderboard and /api/v1/players/{id}: public, no token needed."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from app.deps import SessionDep
from app.errors import ApiError, responses
from app.games import get_engine
from app.inputs import GameId, PlayerId
from app.ratings.leaderboard import leaderboard
from app.ratings.pools import PEOPLE, PoolQuery
from app.ratings.profile import profile
from app.ratings.schemas import LeaderboardPublic, ProfilePublic

router = APIRouter(tags=["ratings"])
PAGE_MAX = 200


@router.get(
    "/api/v1/games/{game_id}/leaderboard",
    response_model=LeaderboardPublic,
    responses=responses("game/not_found", "rate/limited", "request/malformed"),
    operation_id="getLeaderboard",
)
async def game_leaderboard(
    game_id: GameId,
    session: SessionDep,
    min_matches: Annotated[int, Query(ge=1, le=10_000, description="Rated matches needed")] = 1,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=PAGE_MAX)] = 50,
    pool: PoolQuery = PEOPLE,
) -> LeaderboardPublic:
    """Players by rating, best first (Duet: teams by the highest level won), a page at a time,
    in one rating pool: people (the default) or bot accounts."""
    if get_engine(game_id) is None:
        raise ApiError("game/not_found", "There is no game with this id.")
    return await leaderboard(session, game_id, min_matches, offset, limit, pool)


@router.get(
    "/api/v1/players/{player_id}",
    response_model=ProfilePublic,
    responses=responses("player/not_found", "rate/limited", "request/malformed"),
    operation_id="getPlayerProfile",
)
async def player_profile(player_id: PlayerId, session: SessionDep) -> ProfilePublic:
    """A player's ratings, win rates, recent public matches and rating history."""
    return await profile(session, player_id)

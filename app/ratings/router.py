"""/api/v1/games/{id}/leaderboard and /api/v1/players/{id}: public, no token needed."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from app.core.errors import ApiError, responses
from app.core.inputs import ID_MAX, NO_NUL, GameId, PlayerId
from app.games import get_engine
from app.ratings.leaderboard import leaderboard
from app.ratings.pools import PEOPLE, PoolQuery
from app.ratings.profile import profile
from app.ratings.schemas import LeaderboardPublic, ProfilePublic, SeatedRatingsPublic
from app.ratings.seated import seated_ratings
from app.web.deps import SessionDep

router = APIRouter(tags=["ratings"])
PAGE_MAX = 200
SEATED_MAX = 8  # more than any game seats
PlayerIds = Annotated[
    str,
    Query(
        min_length=1,
        max_length=SEATED_MAX * (ID_MAX + 1),
        pattern=NO_NUL,
        description=f"Player ids, comma-separated, at most {SEATED_MAX}",
    ),
]


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


@router.get(
    "/api/v1/games/{game_id}/ratings",
    response_model=SeatedRatingsPublic,
    responses=responses("game/not_found", "rate/limited", "request/malformed"),
    operation_id="getSeatedRatings",
)
async def game_ratings(
    game_id: GameId, players: PlayerIds, session: SessionDep
) -> SeatedRatingsPublic:
    """The ratings of these players in this game (a lobby's seats), in one answer."""
    if get_engine(game_id) is None:
        raise ApiError("game/not_found", "There is no game with this id.")
    ids = list(dict.fromkeys(part.strip() for part in players.split(",") if part.strip()))
    if not ids or len(ids) > SEATED_MAX or any(len(pid) > ID_MAX for pid in ids):
        raise ApiError(
            "request/malformed", f"Name 1 to {SEATED_MAX} player ids, separated by commas."
        )
    return await seated_ratings(session, game_id, ids)

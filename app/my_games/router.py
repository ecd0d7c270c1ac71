"""GET /api/v1/players/me/matches: my games, cheap to poll with If-None-Match.

A poll, not a socket: the list changes at human pace (a move somewhere in my matches), every
page already polls the open tables, and a socket per player would need a fan-out channel per
player from every match. The answer carries an ETag; a client that sends it back in
If-None-Match gets `304` with no body while nothing changed.
"""

from __future__ import annotations

import hashlib
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from app.core.errors import responses
from app.my_games.schemas import MyGamesPublic
from app.my_games.service import my_games
from app.web.deps import ContextDep, CurrentPlayer, SessionDep

router = APIRouter(prefix="/api/v1/players", tags=["players"])
PAGE_MAX = 50
Limit = Annotated[int, Query(ge=1, le=PAGE_MAX, description="Finished matches per page")]
Offset = Annotated[int, Query(ge=0, le=2**31 - 1, description="Finished matches to skip")]
NOT_MODIFIED: dict[int | str, dict[str, Any]] = {
    304: {"description": "Nothing changed since the ETag sent in If-None-Match"}
}


@router.get(
    "/me/matches",
    response_model=MyGamesPublic,
    responses=responses("auth/missing", "auth/invalid", "auth/expired", "rate/limited")
    | NOT_MODIFIED,
    operation_id="listMyMatches",
)
async def my_matches(
    request: Request,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
    limit: Limit = 10,
    offset: Offset = 0,
) -> Response:
    """My active matches (those waiting for me first, with their deadline), the open tables I
    sit at, and my finished matches (most recent first, `limit` per page from `offset`)."""
    games = await my_games(context, session, player.id, limit, offset)
    body = games.model_dump_json().encode()
    tag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    # Private to this player: no shared cache may keep it; a browser revalidates every time.
    headers = {"ETag": tag, "Cache-Control": "private, no-cache", "Vary": "Authorization"}
    if tag in _tags(request.headers.get("if-none-match", "")):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def _tags(header: str) -> set[str]:
    # Weak tags (W/"...") name the same body here: a proxy may have weakened ours.
    return {part.strip().removeprefix("W/") for part in header.split(",") if part.strip()}

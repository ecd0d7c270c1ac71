"""/api/v1/players: guest identities."""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict

from app.accounts.service import create_player
from app.deps import ContextDep, CurrentPlayer, SessionDep, limit
from app.errors import responses
from app.names import DisplayName

router = APIRouter(prefix="/api/v1/players", tags=["players"])


class PlayerCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: DisplayName


class PlayerCreated(BaseModel):
    id: str
    name: str
    token: str


class PlayerMe(BaseModel):
    id: str
    name: str
    is_admin: bool


@router.post(
    "",
    status_code=201,
    response_model=PlayerCreated,
    responses=responses("request/malformed", "rate/limited"),
)
async def create(
    body: PlayerCreate, request: Request, session: SessionDep, context: ContextDep
) -> PlayerCreated:
    """A new guest player. The token is shown only here: keep it."""
    limit(context, "create:" + (request.client.host if request.client else "?"))
    player, token = await create_player(session, body.name)
    return PlayerCreated(id=player.id, name=player.name, token=token)


@router.get(
    "/me",
    response_model=PlayerMe,
    responses=responses("auth/missing", "auth/invalid", "rate/limited"),
)
async def me(player: CurrentPlayer) -> PlayerMe:
    return PlayerMe(id=player.id, name=player.name, is_admin=player.is_admin)

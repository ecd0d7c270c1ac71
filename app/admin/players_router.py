"""/api/v1/admin/players: an admin ends a player's every sign-in (a stolen device, abuse)."""

from __future__ import annotations

from fastapi import APIRouter, Path
from pydantic import BaseModel

from app.accounts.device_sessions import end_player
from app.accounts.identity import ENV_ADMIN
from app.admin.audit import audit
from app.core.errors import ApiError, responses
from app.web.deps import AdminPlayer, ContextDep, SessionDep

router = APIRouter(prefix="/api/v1/admin/players", tags=["admin"])
ADMIN = ("auth/missing", "auth/invalid", "auth/forbidden", "rate/limited", "request/malformed")


class SignedOutPublic(BaseModel):
    sessions_ended: int  # the account's signed-in devices
    guest_token_ended: bool  # a guest's own token (it had no other way back in)


@router.post(
    "/{player_id}/sign_out",
    response_model=SignedOutPublic,
    responses=responses(*ADMIN, "player/not_found"),
    operation_id="adminSignOutEverywhere",
)
async def sign_out_everywhere(
    session: SessionDep,
    context: ContextDep,
    admin: AdminPlayer,
    player_id: str = Path(min_length=1, max_length=32),
) -> SignedOutPublic:
    """Every token of the player stops working at once, on every process: each open socket
    closes with 4001 and each event stream ends with `signed_out`. An account's owner signs
    in again with the password; a guest's token is gone for good."""
    if player_id == ENV_ADMIN.id:
        raise ApiError("auth/forbidden", "The configured admin token is ended by unsetting it.")
    await audit(session, admin, "player.sign_out", player_id)
    ended, guest = await end_player(session, context.signouts, player_id)
    return SignedOutPublic(sessions_ended=ended, guest_token_ended=guest)

"""/api/v1/sessions: sign in on a device, list and end the devices, renew a device's token."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from app.accounts.accounts import sign_in
from app.accounts.admission import HashingSlotDep
from app.accounts.credentials import SignIn, username_key
from app.accounts.device_sessions import device_label, device_sessions_of, renew, revoke
from app.accounts.models import DeviceSession
from app.core.errors import responses
from app.web.deps import ContextDep, DeviceSessionPlayer, SessionDep, address_key, limit

router = APIRouter(prefix="/api/v1/sessions", tags=["sessions"])
SIGNED_IN = ("auth/missing", "auth/invalid", "auth/expired", "account/not_found", "rate/limited")


class SessionPublic(BaseModel):
    id: str
    label: str  # the device's user agent, shortened
    created_at: datetime
    last_used_at: datetime
    expires_at: datetime  # pushed on by every use (sliding expiry)
    current: bool  # the session of the token that asked


class PlayerRefPublic(BaseModel):
    id: str
    name: str
    is_bot: bool = Field(False, description="A bot account: a program plays it")


class SignedInPublic(BaseModel):
    token: str  # this device's token: shown only here, like a guest's
    username: str
    player: PlayerRefPublic
    session: SessionPublic


class RenewedPublic(BaseModel):
    token: str
    session: SessionPublic


@router.post(
    "",
    status_code=201,
    response_model=SignedInPublic,
    responses=responses("request/malformed", "account/bad_credentials", "rate/limited"),
    operation_id="signIn",
)
async def create(
    slot: HashingSlotDep, body: SignIn, request: Request, session: SessionDep, context: ContextDep
) -> SignedInPublic:
    """Sign in on this device: a new token for the account's player (same id, same matches).

    Limited per address and, for wrong passwords, per account and address (docs/api.md, Sign-in
    limits); a wrong username and a wrong password get the same answer."""
    limit(context, address_key(request), request)
    address = request.client.host if request.client else "?"
    label = device_label(request.headers.get("user-agent"))
    with context.signins.attempt(username_key(body.username), address):
        signed_in = await sign_in(session, slot, body, label, context.clock.now())
    account, player, device, token = signed_in
    return SignedInPublic(
        token=token,
        username=account.username,
        player=PlayerRefPublic(id=player.id, name=player.name, is_bot=account.is_bot),
        session=_public(device, device.id),
    )


@router.get(
    "",
    response_model=list[SessionPublic],
    responses=responses(*SIGNED_IN),
    operation_id="listSessions",
)
async def list_sessions(
    player: DeviceSessionPlayer, session: SessionDep, context: ContextDep
) -> list[SessionPublic]:
    """Every device signed in to my account, most recently used first."""
    rows = await device_sessions_of(session, player.id, context.clock.now())
    return [_public(row, player.session_id) for row in rows]


@router.delete("/current", status_code=204, responses=responses(*SIGNED_IN), operation_id="signOut")
async def sign_out(
    player: DeviceSessionPlayer, session: SessionDep, context: ContextDep
) -> Response:
    """Sign this device out: its token stops working."""
    await revoke(session, context.signouts, player.id, player.session_id or "")
    return Response(status_code=204)


@router.post(
    "/renew",
    response_model=RenewedPublic,
    responses=responses(*SIGNED_IN),
    operation_id="renewToken",
)
async def renew_token(
    player: DeviceSessionPlayer, session: SessionDep, context: ContextDep
) -> RenewedPublic:
    """Swap this device's token for a new one (the one sent stops working at once)."""
    device, token = await renew(session, context.signouts, player, context.clock.now())
    return RenewedPublic(token=token, session=_public(device, device.id))


@router.delete(
    "/{session_id}",
    status_code=204,
    responses=responses("session/not_found", *SIGNED_IN),
    operation_id="endSession",
)
async def end_session(
    session_id: str, player: DeviceSessionPlayer, session: SessionDep, context: ContextDep
) -> Response:
    """Sign one of my devices out (this one too, by its id)."""
    await revoke(session, context.signouts, player.id, session_id)
    return Response(status_code=204)


def _public(row: DeviceSession, current: str | None) -> SessionPublic:
    return SessionPublic(
        id=row.id,
        label=row.label,
        created_at=row.created_at,
        last_used_at=row.last_used_at,
        expires_at=row.expires_at,
        current=row.id == current,
    )

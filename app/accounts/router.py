"""/api/v1/players: guest identities, and the account a guest may claim."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict

from app.accounts.accounts import account_of, change_password, claim
from app.accounts.admission import HashingSlotDep
from app.accounts.bot_accounts import is_bot_account
from app.accounts.credentials import Claim, PasswordChange
from app.accounts.device_sessions import device_label
from app.accounts.models import Account
from app.accounts.service import create_player
from app.core.errors import responses
from app.core.names import DisplayName
from app.web.deps import ContextDep, CurrentPlayer, SessionDep, limit

router = APIRouter(prefix="/api/v1/players", tags=["players"])
SIGNED_IN = ("auth/missing", "auth/invalid", "auth/expired", "rate/limited")


class PlayerCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: DisplayName


class PlayerCreatedPublic(BaseModel):
    id: str
    name: str
    token: str


class PlayerMePublic(BaseModel):
    id: str
    name: str
    is_admin: bool
    is_bot: bool = False  # a bot account (POST /api/v1/players/me/bot)


class AccountPublic(BaseModel):
    username: str
    created_at: datetime
    password_changed_at: datetime


class PasswordChangedPublic(BaseModel):
    sessions_ended: int  # the other devices signed out


@router.post(
    "",
    status_code=201,
    response_model=PlayerCreatedPublic,
    responses=responses("request/malformed", "rate/limited"),
    operation_id="createGuest",
)
async def create(
    body: PlayerCreate, request: Request, session: SessionDep, context: ContextDep
) -> PlayerCreatedPublic:
    """A new guest player. The token is shown only here: keep it."""
    limit(context, "create:" + (request.client.host if request.client else "?"), request)
    player, token = await create_player(session, body.name)
    return PlayerCreatedPublic(id=player.id, name=player.name, token=token)


@router.get(
    "/me", response_model=PlayerMePublic, responses=responses(*SIGNED_IN), operation_id="getMe"
)
async def me(player: CurrentPlayer, session: SessionDep) -> PlayerMePublic:
    is_bot = await is_bot_account(session, player.id)
    return PlayerMePublic(id=player.id, name=player.name, is_admin=player.is_admin, is_bot=is_bot)


async def charge_claim(request: Request, context: ContextDep, _slot: HashingSlotDep) -> None:
    """A claim takes its place in the hashing pool and is charged like a sign-in before the
    token or the name is looked up: a flood of claims is refused without touching the database,
    and probing which usernames exist by claiming them is no faster than by signing in."""
    context.signins.charge(_address(request))


@router.post(
    "/me/account",
    status_code=201,
    dependencies=[Depends(charge_claim)],
    response_model=AccountPublic,
    responses=responses(
        "request/malformed",
        "auth/forbidden",
        "account/exists",
        "account/username_taken",
        "account/weak_password",
        *SIGNED_IN,
    ),
    operation_id="claimAccount",
)
async def claim_account(
    slot: HashingSlotDep,
    body: Claim,
    request: Request,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
) -> AccountPublic:
    """Claim this guest with a username and a password, to sign in with them on any device.

    This device's token keeps working, as this device's session (it now expires when unused
    for 30 days)."""
    label = device_label(request.headers.get("user-agent"))
    account = await claim(session, context.tokens, slot, player, body, label, context.clock.now())
    return _public(account)


@router.get(
    "/me/account",
    response_model=AccountPublic,
    responses=responses("account/not_found", *SIGNED_IN),
    operation_id="getMyAccount",
)
async def my_account(player: CurrentPlayer, session: SessionDep) -> AccountPublic:
    """My account (`account/not_found`: I play as a guest)."""
    return _public(await account_of(session, player.id))


@router.put(
    "/me/account/password",
    response_model=PasswordChangedPublic,
    responses=responses(
        "request/malformed",
        "account/not_found",
        "account/wrong_password",
        "account/weak_password",
        *SIGNED_IN,
    ),
    operation_id="changePassword",
)
async def new_password(
    slot: HashingSlotDep,
    body: PasswordChange,
    request: Request,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
) -> PasswordChangedPublic:
    """Change the password (the current one is asked again); every other session ends."""
    account = await account_of(session, player.id)
    # The current password is a password guess like a sign-in: the same limits apply.
    with context.signins.attempt(account.username_key, _address(request)):
        ended = await change_password(
            session, context.signouts, slot, player, body, context.clock.now()
        )
    return PasswordChangedPublic(sessions_ended=ended)


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def _public(account: Account) -> AccountPublic:
    return AccountPublic(
        username=account.username,
        created_at=account.created_at,
        password_changed_at=account.password_changed_at,
    )

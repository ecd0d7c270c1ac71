"""Claiming an account, signing in with it, changing its password."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.credentials import Claim, PasswordChange, SignIn, username_key
from app.accounts.identity import ENV_ADMIN, Identity, Signouts, TokenCache
from app.accounts.models import Account, DeviceSession, Player
from app.accounts.passwords import hash_password, needs_rehash, password_matches
from app.accounts.sessions import forget_expired, open_session, revoke_others, session_row
from app.errors import ApiError

# A claimed player's own token moves to its first session; the row keeps a value no sha256
# hex digest can equal (it must stay unique and non-null), so no token names the row itself.
CLAIMED = "claimed:"
TAKEN = "This username is taken: choose another."
EXISTS = "You already have an account: sign in with it."
GUEST = "You play as a guest: claim an account first (POST /api/v1/players/me/account)."


async def account_of(session: AsyncSession, player_id: str) -> Account:
    account = await session.get(Account, player_id)
    if account is None:
        raise ApiError("account/not_found", GUEST)
    return account


async def claim(
    session: AsyncSession,
    cache: TokenCache,
    player: Identity,
    body: Claim,
    label: str,
    now: datetime,
) -> Account:
    """The guest becomes an account; the device that claims keeps its token, now a session."""
    if player.id == ENV_ADMIN.id:
        raise ApiError("auth/forbidden", "The configured admin token cannot own an account.")
    if await session.get(Account, player.id) is not None:
        raise ApiError("account/exists", EXISTS)
    key = username_key(body.username)
    if await session.scalar(select(Account.player_id).where(Account.username_key == key)):
        raise ApiError("account/username_taken", TAKEN)
    row = await session.get(Player, player.id)
    if row is None:  # the player was deleted since its token was cached
        raise ApiError("auth/invalid", "This token is not valid.")
    account = Account(
        player_id=player.id,
        username=body.username,
        username_key=key,
        password_hash=await hash_password(body.password),
        created_at=now,
        password_changed_at=now,
    )
    guest_hash = row.token_hash
    device = session_row(player.id, guest_hash, label, now)
    row.token_hash = CLAIMED + player.id
    session.add_all([account, device])
    await _commit_unless_raced(session, player.id)
    cache.drop(guest_hash)  # the cached guest identity has no session and no expiry
    return account


async def _commit_unless_raced(session: AsyncSession, player_id: str) -> None:
    try:
        await session.commit()
    except IntegrityError:
        # Two claims at once (of one name, or by one guest): the unique keys let one through.
        await session.rollback()
        if await session.get(Account, player_id) is not None:
            raise ApiError("account/exists", EXISTS) from None
        raise ApiError("account/username_taken", TAKEN) from None


async def sign_in(
    session: AsyncSession, body: SignIn, label: str, now: datetime
) -> tuple[Account, Player, DeviceSession, str]:
    """A new session for the device that knows the account's password."""
    account = await session.scalar(
        select(Account).where(Account.username_key == username_key(body.username))
    )
    # An unknown name is checked against a decoy hash: it answers as slowly as a wrong password.
    matches = await password_matches(account.password_hash if account else None, body.password)
    if account is None or not matches:
        raise ApiError("account/bad_credentials", "Wrong username or password.")
    if needs_rehash(account.password_hash):
        account.password_hash = await hash_password(body.password)
    player = await session.get(Player, account.player_id)
    if player is None:
        raise ApiError("account/bad_credentials", "Wrong username or password.")
    await forget_expired(session, account.player_id, now)
    device, token = open_session(account.player_id, label, now)
    session.add(device)
    await session.commit()
    return account, player, device, token


async def change_password(
    session: AsyncSession,
    signouts: Signouts,
    player: Identity,
    body: PasswordChange,
    now: datetime,
) -> int:
    """A new password; every other session ends (a thief's too). How many ended."""
    account = await account_of(session, player.id)
    if not await password_matches(account.password_hash, body.old_password):
        raise ApiError("account/wrong_password", "The current password is not right.")
    account.password_hash = await hash_password(body.new_password)
    account.password_changed_at = now
    return await revoke_others(session, signouts, player.id, keep=player.session_id)

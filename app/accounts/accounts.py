"""Claiming an account, signing in with it, changing its password.

Each reads what it needs, ends that transaction so the connection goes back to the pool, hashes
(~100 ms on the hashing pool), then writes in a fresh transaction: a flood of claims or
sign-ins holds no database connection while Argon2 runs, so other players' requests never
wait for one behind it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.credentials import Claim, PasswordChange, SignIn, username_key
from app.accounts.device_sessions import (
    device_session_row,
    forget_expired,
    open_device_session,
    revoke_others,
)
from app.accounts.identity import ENV_ADMIN, Identity, Signouts, TokenCache
from app.accounts.models import Account, DeviceSession, Player
from app.accounts.passwords import HashingSlot, needs_rehash
from app.accounts.strength import refuse_weak
from app.core.errors import ApiError

# A claimed player's own token moves to its first session; the row keeps a value no sha256
# hex digest can equal (it must stay unique and non-null), so no token names the row itself.
CLAIMED = "claimed:"
TAKEN = "This username is taken: choose another."
EXISTS = "You already have an account: sign in with it."
BAD_CREDENTIALS = "Wrong username or password."
WRONG_PASSWORD = "The current password is not right."
GUEST = "You play as a guest: claim an account first (POST /api/v1/players/me/account)."


async def account_of(session: AsyncSession, player_id: str) -> Account:
    account = await session.get(Account, player_id)
    if account is None:
        raise ApiError("account/not_found", GUEST)
    return account


async def claim(
    session: AsyncSession,
    cache: TokenCache,
    hashing: HashingSlot,
    player: Identity,
    body: Claim,
    label: str,
    now: datetime,
) -> Account:
    """The guest becomes an account; the device that claims keeps its token, now a session."""
    if player.id == ENV_ADMIN.id:
        raise ApiError("auth/forbidden", "The configured admin token cannot own an account.")
    key = username_key(body.username)
    await _refuse_unclaimable(session, player.id, key)
    await _release(session)
    await refuse_weak(body.password, [body.username, player.name])
    password_hash = await hashing.hash(body.password)
    row = await session.get(Player, player.id, populate_existing=True)
    if row is None:  # the player was deleted since its token was cached
        raise ApiError("auth/invalid", "This token is not valid.")
    account = Account(
        player_id=player.id,
        username=body.username,
        username_key=key,
        password_hash=password_hash,
        created_at=now,
        password_changed_at=now,
    )
    guest_hash = row.token_hash
    device = device_session_row(player.id, guest_hash, label, now)
    row.token_hash = CLAIMED + player.id
    session.add_all([account, device])
    await _commit_unless_raced(session, player.id)
    cache.drop(guest_hash)  # the cached guest identity has no session and no expiry
    return account


async def _refuse_unclaimable(session: AsyncSession, player_id: str, key: str) -> None:
    """Refused before hashing: a claim that cannot succeed costs no Argon2 work."""
    if await session.get(Account, player_id) is not None:
        raise ApiError("account/exists", EXISTS)
    if await session.scalar(select(Account.player_id).where(Account.username_key == key)):
        raise ApiError("account/username_taken", TAKEN)


async def _release(session: AsyncSession) -> None:
    """End the read transaction: its connection goes back to the pool while the caller hashes,
    and the next statement begins a fresh one. What was read stays loaded (no expiry)."""
    await session.commit()


async def _locked_account(session: AsyncSession, player_id: str) -> Account | None:
    """The account as stored now, its row locked (Postgres) until the commit: a sign-in or a
    password change that checked a password against a hash sees whether it is still the one."""
    return await session.get(Account, player_id, populate_existing=True, with_for_update=True)


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
    session: AsyncSession, hashing: HashingSlot, body: SignIn, label: str, now: datetime
) -> tuple[Account, Player, DeviceSession, str]:
    """A new session for the device that knows the account's password."""
    found = await session.scalar(
        select(Account).where(Account.username_key == username_key(body.username))
    )
    await _release(session)
    # An unknown name is checked against a decoy hash: it answers as slowly as a wrong password.
    matches = await hashing.matches(found.password_hash if found else None, body.password)
    if found is None or not matches:
        raise ApiError("account/bad_credentials", BAD_CREDENTIALS)
    checked = found.password_hash
    rehashed = await hashing.hash(body.password) if needs_rehash(checked) else None
    account = await _locked_account(session, found.player_id)
    player = await session.get(Player, found.player_id)
    if account is None or account.password_hash != checked or player is None:
        raise ApiError("account/bad_credentials", BAD_CREDENTIALS)  # changed since it was read
    if rehashed:
        account.password_hash = rehashed
    await forget_expired(session, account.player_id, now)
    device, token = open_device_session(account.player_id, label, now)
    session.add(device)
    await session.commit()
    return account, player, device, token


async def change_password(
    session: AsyncSession,
    signouts: Signouts,
    hashing: HashingSlot,
    player: Identity,
    body: PasswordChange,
    now: datetime,
) -> int:
    """A new password; every other session ends (a thief's too). How many ended."""
    owner = await account_of(session, player.id)
    checked, username = owner.password_hash, owner.username
    await _release(session)
    if not await hashing.matches(checked, body.old_password):
        raise ApiError("account/wrong_password", WRONG_PASSWORD)
    # Judged once the old password is known right: a guesser learns nothing from the verdict.
    await refuse_weak(body.new_password, [username, player.name])
    new_hash = await hashing.hash(body.new_password)
    account = await _locked_account(session, player.id)
    if account is None or account.password_hash != checked:
        raise ApiError("account/wrong_password", WRONG_PASSWORD)  # changed since it was read
    account.password_hash = new_hash
    account.password_changed_at = now
    return await revoke_others(session, signouts, player.id, keep=player.session_id)

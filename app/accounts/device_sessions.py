"""Signed-in devices: one session per device, its own token, sliding expiry, revocation.

Lifetimes: a session token expires `IDLE_LIFETIME` (30 days) after it was last used; every use
pushes that moment on (written at most every `TOUCH_EVERY`, so a busy player costs no write per
request). `POST /api/v1/sessions/renew` swaps the token for a new one (the old one stops at
once) for clients that rotate their secrets. A revoked session's row is deleted: its token
then names nobody, as a token that never existed.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.identity import Identity, Signouts
from app.accounts.models import LABEL_MAX, DeviceSession, Player
from app.accounts.tokens import hash_token, new_id, new_token
from app.core.errors import ApiError

IDLE_LIFETIME = timedelta(days=30)
ENDED = "ended:"  # a guest whose token an admin ended: no token names the row any more
TOUCH_EVERY = timedelta(minutes=10)


class DeviceSessionExpired(Exception):
    """A device token that was not used for IDLE_LIFETIME: sign in again."""


def device_label(user_agent: str | None) -> str:
    """What the sessions list shows for a device: its user agent, shortened."""
    text = " ".join((user_agent or "").split())
    return text[:LABEL_MAX] or "Unknown device"


def open_device_session(player_id: str, label: str, now: datetime) -> tuple[DeviceSession, str]:
    """A new session row (not yet added) and its token, shown once to the device."""
    token = new_token()
    return device_session_row(player_id, hash_token(token), label, now), token


def device_session_row(player_id: str, token_hash: str, label: str, now: datetime) -> DeviceSession:
    return DeviceSession(
        id=new_id(),
        player_id=player_id,
        token_hash=token_hash,
        label=label,
        created_at=now,
        last_used_at=now,
        expires_at=now + IDLE_LIFETIME,
    )


async def device_session_identity(
    session: AsyncSession, token_hash: str, now: datetime
) -> Identity | None:
    """The player a device token names (expired ones too: the caller tells them apart)."""
    row = (
        await session.execute(
            select(DeviceSession, Player.name, Player.is_admin)
            .join(Player, Player.id == DeviceSession.player_id)
            .where(DeviceSession.token_hash == token_hash)
        )
    ).first()
    if row is None:
        return None
    device, name, is_admin = row
    if device.expires_at > now and device.last_used_at + TOUCH_EVERY <= now:
        await _touch(session, device.id, now)
        device.expires_at = now + IDLE_LIFETIME
    return Identity(device.player_id, name, is_admin, device.id, device.expires_at, token_hash)


async def _touch(session: AsyncSession, session_id: str, now: datetime) -> None:
    await session.execute(
        update(DeviceSession)
        .where(DeviceSession.id == session_id)
        .values(last_used_at=now, expires_at=now + IDLE_LIFETIME)
    )
    await session.commit()


async def device_sessions_of(
    session: AsyncSession, player_id: str, now: datetime
) -> list[DeviceSession]:
    """The player's live sessions, most recently used first."""
    rows = await session.scalars(
        select(DeviceSession)
        .where(DeviceSession.player_id == player_id, DeviceSession.expires_at > now)
        .order_by(DeviceSession.last_used_at.desc(), DeviceSession.id)
    )
    return list(rows)


async def revoke(
    session: AsyncSession, signouts: Signouts, player_id: str, session_id: str
) -> None:
    """End one of the player's sessions: its token stops working, its sockets close."""
    token_hash = await session.scalar(
        select(DeviceSession.token_hash).where(
            DeviceSession.id == session_id, DeviceSession.player_id == player_id
        )
    )
    if token_hash is None:
        raise ApiError("session/not_found", "You have no session with this id.")
    await session.execute(delete(DeviceSession).where(DeviceSession.id == session_id))
    await session.commit()
    await signouts.announce([token_hash])


async def revoke_others(
    session: AsyncSession, signouts: Signouts, player_id: str, keep: str | None
) -> int:
    """End every session of the player but `keep` (the caller's own), committing whatever the
    session holds with it (a new password); how many ended."""
    others = DeviceSession.player_id == player_id
    if keep is not None:
        others = others & (DeviceSession.id != keep)
    hashes = list(await session.scalars(select(DeviceSession.token_hash).where(others)))
    await session.execute(delete(DeviceSession).where(others))
    await session.commit()
    await signouts.announce(hashes)
    return len(hashes)


async def end_player(session: AsyncSession, signouts: Signouts, player_id: str) -> tuple[int, bool]:
    """Every token of a player stops working: each device session, and a guest's own token
    (the row keeps a value no sha256 hex digest can equal). How many sessions ended, and
    whether a guest token did."""
    player = await session.get(Player, player_id)
    if player is None:
        raise ApiError("player/not_found", "No player has this id.")
    guest_hash = player.token_hash if _is_token_hash(player.token_hash) else None
    if guest_hash is not None:
        player.token_hash = ENDED + player_id
    ended = await revoke_others(session, signouts, player_id, keep=None)
    if guest_hash is not None:
        await signouts.announce([guest_hash])
    return ended, guest_hash is not None


def _is_token_hash(value: str) -> bool:
    # Claimed players and ended guests hold a marker ("claimed:...", "ended:...") instead.
    return len(value) == 64 and all(char in "0123456789abcdef" for char in value)


async def forget_expired(session: AsyncSession, player_id: str, now: datetime) -> None:
    """Expired sessions of a player are only clutter: drop them when the player signs in."""
    await session.execute(
        delete(DeviceSession).where(
            DeviceSession.player_id == player_id, DeviceSession.expires_at <= now
        )
    )


async def renew(
    session: AsyncSession, signouts: Signouts, identity: Identity, now: datetime
) -> tuple[DeviceSession, str]:
    """A new token for the caller's session; the one just used stops working."""
    device = await session.get(DeviceSession, identity.session_id) if identity.session_id else None
    if device is None:
        raise ApiError("session/not_found", "This token is not a signed-in session.")
    old_hash, token = device.token_hash, new_token()
    device.token_hash = hash_token(token)
    device.last_used_at, device.expires_at = now, now + IDLE_LIFETIME
    await session.commit()
    await signouts.announce([old_hash])
    return device, token

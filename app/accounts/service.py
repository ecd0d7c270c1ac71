"""Creating players and resolving bearer tokens to them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.device_sessions import DeviceSessionExpired, device_session_identity
from app.accounts.identity import ENV_ADMIN, NO_TOKEN, Identity, TokenCache
from app.accounts.models import Player
from app.accounts.tokens import hash_token, new_id, new_token

# Identity and TokenCache live in identity.py; they are named here too for existing importers.
__all__ = [
    "ENV_ADMIN",
    "Identity",
    "TokenCache",
    "create_player",
    "ensure_env_admin",
    "identity_for",
    "lookup_token",
    "names_of",
    "stored_identity",
]


async def create_player(
    session: AsyncSession, name: str, is_admin: bool = False
) -> tuple[Player, str]:
    token = new_token()
    player = Player(id=new_id(), name=name, token_hash=hash_token(token), is_admin=is_admin)
    session.add(player)
    await session.commit()
    return player, token


async def identity_for(session: AsyncSession, token: str, cache: TokenCache) -> Identity | None:
    """The player a token names, or None (unknown, revoked or expired): for sockets."""
    try:
        return await lookup_token(session, token, cache)
    except DeviceSessionExpired:
        return None


async def lookup_token(session: AsyncSession, token: str, cache: TokenCache) -> Identity | None:
    """The player a token names, or None; DeviceSessionExpired for a device token used too late."""
    if cache.is_admin_token(token):
        return ENV_ADMIN
    token_hash = hash_token(token)
    now = cache.clock.now()
    identity = cache.get(token_hash)
    if identity is None:
        identity = await stored_identity(session, token_hash, now)
        if identity is None:
            return None
        cache.put(token_hash, identity)
    if identity.expires_at is not None and identity.expires_at <= now:
        cache.drop(token_hash)
        raise DeviceSessionExpired
    return identity


async def stored_identity(session: AsyncSession, token_hash: str, now: datetime) -> Identity | None:
    """Who a token hash names in the database (the cache aside), or None."""
    # Guests first: they are most callers, and their token sits on the player row.
    player = await session.scalar(select(Player).where(Player.token_hash == token_hash))
    if player is not None:
        return Identity(player.id, player.name, player.is_admin, token_hash=token_hash)
    return await device_session_identity(session, token_hash, now)


async def ensure_env_admin(session: AsyncSession, token: str) -> None:
    """The row FOXDEN_ADMIN_TOKEN acts as; and no row may answer to the token itself.

    Earlier versions stored the token's hash as an admin player, which kept an old token
    working after it was changed: a row still holding the current token's hash loses it.
    """
    await session.execute(
        update(Player)
        .where(Player.token_hash == hash_token(token))
        .values(token_hash="revoked:" + Player.id, is_admin=False)
    )
    if await session.get(Player, ENV_ADMIN.id) is None:
        session.add(
            Player(id=ENV_ADMIN.id, name=ENV_ADMIN.name, token_hash=NO_TOKEN, is_admin=True)
        )
    await session.commit()


async def names_of(session: AsyncSession, ids: set[str]) -> dict[str, str]:
    if not ids:
        return {}
    rows = await session.execute(select(Player.id, Player.name).where(Player.id.in_(ids)))
    return {player_id: name for player_id, name in rows}

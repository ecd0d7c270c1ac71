"""Creating players and resolving bearer tokens to them."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Player
from app.accounts.tokens import hash_token, new_id, new_token


@dataclass(frozen=True)
class Identity:
    """Who is calling: enough for every permission check, cheap to cache."""

    id: str
    name: str
    is_admin: bool


# FOXDEN_ADMIN_TOKEN acts as this player (so admin actions have an author and a host row);
# its row holds no token hash, so the token is only ever checked against the current setting.
ENV_ADMIN = Identity(id="env-admin", name="admin", is_admin=True)
NO_TOKEN = "no-token:env-admin"  # not a sha256 hex digest: no token hashes to it


class TokenCache:
    """Recently seen token hashes, so an action costs no extra query for authentication.

    Entries expire so an admin role granted elsewhere is picked up within `ttl` seconds. The
    configured admin token is compared as it is set now, never stored: change or unset
    FOXDEN_ADMIN_TOKEN and the old value stops working at the next start.
    """

    def __init__(self, ttl: float = 60.0, size: int = 10_000, admin_token: str = "") -> None:
        self.ttl = ttl
        self.size = size
        self.admin_token = admin_token
        self._entries: dict[str, tuple[float, Identity]] = {}

    def is_admin_token(self, token: str) -> bool:
        configured = self.admin_token.encode()
        return bool(configured) and secrets.compare_digest(token.encode(), configured)

    def get(self, token_hash: str) -> Identity | None:
        entry = self._entries.get(token_hash)
        if entry is None or entry[0] < time.monotonic():
            return None
        return entry[1]

    def put(self, token_hash: str, identity: Identity) -> None:
        if len(self._entries) >= self.size:
            self._entries.clear()
        self._entries[token_hash] = (time.monotonic() + self.ttl, identity)


async def create_player(
    session: AsyncSession, name: str, is_admin: bool = False
) -> tuple[Player, str]:
    token = new_token()
    player = Player(id=new_id(), name=name, token_hash=hash_token(token), is_admin=is_admin)
    session.add(player)
    await session.commit()
    return player, token


async def identity_for(session: AsyncSession, token: str, cache: TokenCache) -> Identity | None:
    if cache.is_admin_token(token):
        return ENV_ADMIN
    token_hash = hash_token(token)
    cached = cache.get(token_hash)
    if cached is not None:
        return cached
    player = await session.scalar(select(Player).where(Player.token_hash == token_hash))
    if player is None:
        return None
    identity = Identity(player.id, player.name, player.is_admin)
    cache.put(token_hash, identity)
    return identity


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

"""Creating players and resolving bearer tokens to them."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Player
from app.accounts.tokens import hash_token, new_id, new_token


@dataclass(frozen=True)
class Identity:
    """Who is calling: enough for every permission check, cheap to cache."""

    id: str
    name: str
    is_admin: bool


class TokenCache:
    """Recently seen token hashes, so an action costs no extra query for authentication.

    Entries expire so an admin role granted elsewhere is picked up within `ttl` seconds.
    """

    def __init__(self, ttl: float = 60.0, size: int = 10_000) -> None:
        self.ttl = ttl
        self.size = size
        self._entries: dict[str, tuple[float, Identity]] = {}

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
    """Make FOXDEN_ADMIN_TOKEN a real admin player, so admin actions have an author."""
    token_hash = hash_token(token)
    if await session.scalar(select(Player).where(Player.token_hash == token_hash)) is None:
        session.add(Player(id=new_id(), name="admin", token_hash=token_hash, is_admin=True))
        await session.commit()


async def names_of(session: AsyncSession, ids: set[str]) -> dict[str, str]:
    if not ids:
        return {}
    rows = await session.execute(select(Player.id, Player.name).where(Player.id.in_(ids)))
    return {player_id: name for player_id, name in rows}

"""Who is calling, and the per-process cache that makes finding out cost no query."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from app.core.clock import Clock, RealClock


@dataclass(frozen=True)
class Identity:
    """Who is calling: enough for every permission check, cheap to cache.

    A guest's token never expires (it is the only key to that player); a signed-in device's
    token names its session and expires at `expires_at` unless it is used (sliding expiry).
    """

    id: str
    name: str
    is_admin: bool
    session_id: str | None = None
    expires_at: datetime | None = None
    # The sha256 of the token that named this identity (None for the configured admin token):
    # sockets and streams watch it, so revoking the token closes them (app/realtime/signouts.py).
    token_hash: str | None = None


# FOXDEN_ADMIN_TOKEN acts as this player (so admin actions have an author and a host row);
# its row holds no token hash, so the token is only ever checked against the current setting.
ENV_ADMIN = Identity(id="env-admin", name="admin", is_admin=True)
NO_TOKEN = "no-token:env-admin"  # not a sha256 hex digest: no token hashes to it


class Signouts(Protocol):
    """Where revoked tokens are announced, once their revocation is committed: every process
    drops them from its cache and closes the sockets and streams they opened
    (app/realtime/signouts.py implements it; accounts only announce)."""

    async def announce(self, token_hashes: Sequence[str]) -> None: ...


class TokenCache:
    """Recently seen token hashes, so an action costs no extra query for authentication.

    Entries expire so an admin role granted elsewhere is picked up within `ttl` seconds. A
    revoked token is dropped on every process as soon as the revocation is announced
    (app/realtime/signouts.py), so `ttl` only bounds how long news lost to a broker outage could
    matter, and a resync drops every entry. The configured admin token is compared as it is set
    now, never stored: change or unset FOXDEN_ADMIN_TOKEN and the old value stops working at the
    next start. `clock` is the app's: entries and session expiry follow it, so tests can move
    time.
    """

    def __init__(
        self,
        ttl: float = 60.0,
        size: int = 10_000,
        admin_token: str = "",
        clock: Clock | None = None,
    ) -> None:
        self.ttl = ttl
        self.size = size
        self.admin_token = admin_token
        self.clock: Clock = clock or RealClock()
        self._entries: dict[str, tuple[float, Identity]] = {}

    def is_admin_token(self, token: str) -> bool:
        configured = self.admin_token.encode()
        return bool(configured) and secrets.compare_digest(token.encode(), configured)

    def get(self, token_hash: str) -> Identity | None:
        entry = self._entries.get(token_hash)
        if entry is None or entry[0] < self.clock.monotonic():
            return None
        return entry[1]

    def put(self, token_hash: str, identity: Identity) -> None:
        if len(self._entries) >= self.size:
            self._entries.clear()
        self._entries[token_hash] = (self.clock.monotonic() + self.ttl, identity)

    def drop(self, *token_hashes: str) -> None:
        """Forget tokens that were just revoked or moved, so they stop working at once."""
        for token_hash in token_hashes:
            self._entries.pop(token_hash, None)

    def clear(self) -> None:
        """Forget every token: news of a revocation may have been lost (a broker outage)."""
        self._entries.clear()

"""A signed-out device is out everywhere at once: its sockets and event streams close too.

REST refuses a revoked token as soon as its row is gone. Sockets and event streams checked
their token only when they opened, so each one watches its token's topic on the hub
(`token_topic`, one topic per token: a revocation wakes only what that token opened).
Announcing a revocation drops the token from this process's cache and wakes those watchers,
then tells every other process through the broker, like a move; each does the same on
receipt (app/realtime/fanout.py). If the broker loses the news (an outage), the resync that
follows drops every cached token and every watcher asks the database again.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.accounts.identity import TokenCache
from app.accounts.service import stored_identity
from app.core.db import Database
from app.realtime.broker import Broker
from app.realtime.hub import Hub
from app.realtime.messages import Signout, token_topic
from app.web.faults import is_outage

SIGNED_OUT = 4001  # the close code of a socket whose token was revoked (docs/api.md)
CODE = "auth/revoked"
MESSAGE = "This device was signed out: sign in again to go on playing."


class Signouts:
    """Announces revoked tokens (accounts call it after the commit) and tells the sockets and
    streams of this process when the token they opened with stops naming anyone."""

    def __init__(self, db: Database, broker: Broker, hub: Hub, tokens: TokenCache) -> None:
        self.db = db
        self.broker = broker
        self.hub = hub
        self.tokens = tokens

    async def announce(self, token_hashes: Sequence[str]) -> None:
        for token_hash in token_hashes:
            self.revoked(token_hash)
        for token_hash in token_hashes:
            await self.broker.publish(token_topic(token_hash), Signout().encode())

    def revoked(self, token_hash: str) -> None:
        """This process's part: the token stops working here, its watchers wake."""
        self.tokens.drop(token_hash)
        self.hub.deliver(token_topic(token_hash), Signout().encode())

    async def signed_out(self, token_hash: str) -> None:
        """Return once `token_hash` names nobody any more. The topic is watched before the
        first check, so a revocation between the check and the watch cannot be missed."""
        with self.hub.listen(token_topic(token_hash)) as listener:
            while await self.still_signed_in(token_hash):
                await listener.messages()  # a signout, or a resync: check again

    async def still_signed_in(self, token_hash: str) -> bool:
        """Whether the token still names someone (asked before each action a socket sends:
        once this process has heard of a revocation, no frame of that token acts)."""
        if self.tokens.get(token_hash) is not None:
            return True  # every revocation drops the token from the cache first
        try:
            async with self.db.sessions() as session:
                identity = await stored_identity(session, token_hash, self.tokens.clock.now())
        except Exception as error:
            if not is_outage(error):
                raise
            return True  # cannot tell now: the next wake-up (a signout, a resync) asks again
        if identity is None:
            return False
        self.tokens.put(token_hash, identity)
        return True

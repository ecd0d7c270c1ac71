"""Which players have a device to push to, as this process knows it: a commit that concerns
only players without one queues no notice and reads nothing (app/notifications/turns.py).

Read whole when the process starts, not player by player when first seen: the set holds only
the players who allowed notifications on some device (a guest never can), a small share of
all players, so it costs little memory; and a table where nobody allowed them never reads the
database, where a lazy cache would read each player's rows at their first move on every
process (and again after each eviction).

Kept right across processes by the broker: every change to a player's subscriptions (a device
subscribed, unsubscribed, turned on or off, called gone by its push service) is announced on
the `pushes` channel after its commit, and every process, this one too, reads that player's
rows again. The set errs on the side of sending: a player being read again counts as
subscribed meanwhile, and rows that stop counting without an announcement (a device signed
out, a session expired) keep the player in the set, which costs only the read every notice
made before. Until the set is read (and while a read fails) every player counts as
subscribed. A resync (the broker's subscription came back after an outage, announcements may
be lost) reads the whole set again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable

from sqlalchemy import select

from app.core.clock import Clock
from app.core.db import Database
from app.notifications.models import PushSubscription
from app.realtime.broker import Broker
from app.realtime.hub import Hub, Listener
from app.realtime.messages import PUSHES, PushChanged, Resync

RETRY_SECONDS = 30.0  # a failed read of the whole set is tried again after this
log = logging.getLogger(__name__)


class PushPlayers:
    """One per process, held by its push sender (started and stopped with it)."""

    def __init__(self, db: Database, broker: Broker, hub: Hub, clock: Clock) -> None:
        self._db = db
        self._broker = broker
        self._hub = hub
        self._clock = clock
        self._players: set[str] | None = None  # None: not read yet, anyone may have a device
        self._meanwhile: set[str] | None = None  # players changed here during a read
        self._task: asyncio.Task[None] | None = None

    def may_push(self, player_id: str) -> bool:
        """False only for a player known to have no device that allowed notifications."""
        return self._players is None or player_id in self._players

    @property
    def known(self) -> bool:
        """Whether the set has been read (tests wait on it)."""
        return self._players is not None

    async def changed(self, player_ids: Iterable[str]) -> None:
        """After a commit that changed these players' subscriptions: this process counts them
        at once (the next move's notice may be for them), every process reads them again."""
        for player_id in player_ids:
            self._suppose(player_id)
            await self._broker.publish(PUSHES, PushChanged(player_id).encode())

    def start(self) -> None:
        self._task = asyncio.create_task(self._follow(), name="push-players")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def _suppose(self, player_id: str) -> None:
        if self._players is not None:
            self._players.add(player_id)
        if self._meanwhile is not None:
            self._meanwhile.add(player_id)

    async def _follow(self) -> None:
        """Listen before the first read: a change committed during it is heard afterwards."""
        with self._hub.listen(PUSHES) as changes:
            await changes.subscribed()
            await self._read_all()
            while True:
                await self._apply(changes)

    async def _apply(self, changes: Listener) -> None:
        messages = await changes.messages()
        if any(isinstance(message, Resync) for message in messages):
            await self._read_all()  # read after every change the lost messages were about
            return
        player_ids = {m.player_id for m in messages if isinstance(m, PushChanged)}
        for player_id in player_ids:
            self._suppose(player_id)  # while their rows are read, they may have a device
        try:
            subscribed = await self._read_with_local(player_ids)
        except Exception:  # the database briefly away: they stay counted, notices read for them
            log.warning("could not read players' push subscriptions", exc_info=True)
            return
        if self._players is not None:
            self._players -= player_ids - subscribed

    async def _read_all(self) -> None:
        """The whole set, tried again until the database answers; meanwhile anyone counts."""
        while True:
            try:
                self._players = await self._read_with_local(None)
                return
            except Exception:
                self._players = None
                log.warning("could not read who has push subscriptions", exc_info=True)
            await self._clock.sleep(RETRY_SECONDS)

    async def _read_with_local(self, player_ids: set[str] | None) -> set[str]:
        """The read, and the players this process changed while it ran: it may predate their
        commit, and the broker's word of that comes back only after a round trip."""
        self._meanwhile = set()
        try:
            return await self._read(player_ids) | self._meanwhile
        finally:
            self._meanwhile = None

    async def _read(self, player_ids: set[str] | None) -> set[str]:
        """Those of `player_ids` (None: of every player) with a subscription turned on."""
        query = select(PushSubscription.player_id).where(PushSubscription.enabled.is_(True))
        if player_ids is not None:
            if not player_ids:
                return set()
            query = query.where(PushSubscription.player_id.in_(player_ids))
        async with self._db.sessions() as session:
            return set(await session.scalars(query.distinct()))

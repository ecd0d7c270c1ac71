"""Feeds each player's event topic from the commit hook (app/matches/commits.py), like the bot
layer.

The move pipeline never calls this: it announces every commit (and a match starting) on
`context.commits`; this listener turns the commit into per-player news and publishes it on the
broker, so the player's streams hear it on whichever process they are open. The listener only
schedules the publish: the caller never waits for it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from app.matches.commits import Commit
from app.player_events import news
from app.realtime.messages import News, player_topic

if TYPE_CHECKING:
    from app.player_events.context import PlayerEventsContext

log = logging.getLogger(__name__)


class PlayerNews:
    def __init__(self, context: PlayerEventsContext) -> None:
        self.context = context
        self._sending: set[asyncio.Task[None]] = set()

    async def stop(self) -> None:
        if self._sending:
            await asyncio.gather(*self._sending, return_exceptions=True)

    def committed(self, commit: Commit) -> None:
        loaded = commit.match
        try:
            items = news.match_news(loaded)
        except Exception:  # news must never fail the commit that announced it
            log.warning("no player news for %s v%s", loaded.id, loaded.version, exc_info=True)
            return
        for player_id, event in items:
            self.send(player_id, event)

    def send(self, player_id: str, event: dict[str, Any]) -> None:
        task = asyncio.get_running_loop().create_task(self.publish(player_id, event))
        self._sending.add(task)  # held until done: the loop keeps only weak references
        task.add_done_callback(self._sending.discard)

    async def publish(self, player_id: str, event: dict[str, Any]) -> None:
        await tell(self.context, player_id, event)


async def tell(context: PlayerEventsContext, player_id: str, event: dict[str, Any]) -> None:
    """Publish one event to a player's streams on every process (challenges use it)."""
    await context.broker.publish(player_topic(player_id), News(event).encode())

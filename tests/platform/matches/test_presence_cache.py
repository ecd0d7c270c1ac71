"""Who is connected is asked of the presence store at most once a second per match and process, on
the app's clock; a change of presence anywhere drops the copy at once."""

from __future__ import annotations

from pathlib import Path

from app.context import PRESENCE_SECONDS, AppContext
from app.core.clock import ManualClock
from app.core.config import Settings
from app.core.db import Database
from app.realtime.broker import MemoryBroker
from app.realtime.hub import Hub
from app.realtime.messages import Presence
from app.realtime.presence import presence
from app.realtime.presence_store import MemoryPresenceStore
from app.web.ratelimit import RateLimiter


class _CountingStore(MemoryPresenceStore):
    def __init__(self) -> None:
        super().__init__()
        self.lookups = 0

    async def counts(self, match_id: str) -> dict[int, int]:
        self.lookups += 1
        return await super().counts(match_id)


async def test_presence_is_held_for_a_second_of_the_app_clock_and_dropped_on_a_change(
    tmp_path: Path,
) -> None:
    settings = Settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}")
    store, clock = _CountingStore(), ManualClock()
    context = AppContext(
        settings,
        Database(settings.database_url),
        MemoryBroker(),
        Hub(),
        RateLimiter(60),
        clock=clock,
        presence=store,
    )
    await store.add("m1", 0, 1)
    assert await presence(context, "m1") == {0: 1}
    await clock.advance(PRESENCE_SECONDS / 2)
    await store.add("m1", 1, 1)  # counted, but not yet told
    assert await presence(context, "m1") == {0: 1}  # the copy, no lookup
    assert store.lookups == 1
    await clock.advance(PRESENCE_SECONDS)
    assert await presence(context, "m1") == {0: 1, 1: 1}
    assert store.lookups == 2
    await store.add("m1", 1, -1)
    context.fanout.receive("match:m1", Presence().encode())  # the change, as every process hears it
    assert await presence(context, "m1") == {0: 1, 1: 0}
    assert store.lookups == 3
    await context.db.dispose()

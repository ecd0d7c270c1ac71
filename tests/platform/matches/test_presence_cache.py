"""Who is connected is asked of the broker at most once a second per match and process, on
the app's clock; a change of presence anywhere drops the copy at once."""

from __future__ import annotations

from pathlib import Path

from app.context import PRESENCE_SECONDS, AppContext
from app.core.clock import ManualClock
from app.core.config import Settings
from app.core.db import Database
from app.realtime.broker import MemoryBroker
from app.realtime.fanout import PRESENCE
from app.realtime.hub import Hub
from app.realtime.presence import presence
from app.web.ratelimit import RateLimiter


class _CountingBroker(MemoryBroker):
    def __init__(self) -> None:
        super().__init__()
        self.lookups = 0

    async def presence(self, topic: str) -> dict[int, int]:
        self.lookups += 1
        return await super().presence(topic)


async def test_presence_is_held_for_a_second_of_the_app_clock_and_dropped_on_a_change(
    tmp_path: Path,
) -> None:
    settings = Settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}")
    broker, clock = _CountingBroker(), ManualClock()
    context = AppContext(
        settings, Database(settings.database_url), broker, Hub(), RateLimiter(60), clock=clock
    )
    await broker.presence_add("match:m1", 0, 1)
    assert await presence(context, "m1") == {0: 1}
    await clock.advance(PRESENCE_SECONDS / 2)
    await broker.presence_add("match:m1", 1, 1)  # counted, but not yet told
    assert await presence(context, "m1") == {0: 1}  # the copy, no lookup
    assert broker.lookups == 1
    await clock.advance(PRESENCE_SECONDS)
    assert await presence(context, "m1") == {0: 1, 1: 1}
    assert broker.lookups == 2
    await broker.presence_add("match:m1", 1, -1)
    context.fanout.receive("match:m1", PRESENCE)  # the change, as every process hears it
    assert await presence(context, "m1") == {0: 1, 1: 0}
    assert broker.lookups == 3
    await context.db.dispose()

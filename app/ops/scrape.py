"""What GET /metrics answers: every worker's figures, plus counts read from the database.

Active matches and open lobbies are facts of the database, not of a process, so they are
counted when Prometheus asks (two indexed counts every scrape interval) instead of being kept
in step by every worker on every change.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from prometheus_client import CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy import func, select

from app.core.statuses import LobbyStatus, MatchStatus
from app.lobby.models import Lobby
from app.matches.models import Match
from app.ops.context import OpsContext
from app.ops.metrics import MULTIPROCESS_DIR
from app.ops.metrics import multiprocess as is_multiprocess

# A scrape must answer even while the database hangs: the counts are left out then.
COUNT_SECONDS = 1.0
LIVE_GAUGE_FILE = re.compile(r"gauge_live\w*?_(\d+)\.db$")


class Snapshot(Collector):
    """Gauges whose values were read just before this scrape."""

    def __init__(self, gauges: Iterable[tuple[str, str, float]]) -> None:
        self.gauges = list(gauges)

    def collect(self) -> Iterator[Metric]:
        for name, help_text, value in self.gauges:
            yield GaugeMetricFamily(name, help_text, value=value)


async def exposition(context: OpsContext) -> bytes:
    """The Prometheus text format of this app's figures (all workers' in multiprocess mode)."""
    registry = _workers_registry() if is_multiprocess() else context.metrics.registry
    snapshot = Snapshot(await _database_counts(context))
    return generate_latest(registry) + generate_latest(_only(snapshot))


def _only(collector: Collector) -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(collector)
    return registry


def _workers_registry() -> CollectorRegistry:
    folder = os.environ[MULTIPROCESS_DIR]
    forget_dead_workers(Path(folder))
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=folder)  # type: ignore[no-untyped-call]
    return registry


def forget_dead_workers(folder: Path) -> None:
    """Drop the live gauges (open sockets) of workers that died without a shutdown: a killed
    worker cannot say so itself, and its sockets are gone with it."""
    for entry in folder.glob("gauge_live*.db"):
        found = LIVE_GAUGE_FILE.search(entry.name)
        if found and not _alive(int(found.group(1))):
            with contextlib.suppress(FileNotFoundError):  # another scrape got there first
                multiprocess.mark_process_dead(int(found.group(1)), str(folder))  # type: ignore[no-untyped-call]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


async def _database_counts(context: OpsContext) -> list[tuple[str, str, float]]:
    try:
        return await asyncio.wait_for(_count_rows(context), COUNT_SECONDS)
    except Exception:  # an outage: counted by the database hook, shown by /readyz
        return []


async def _count_rows(context: OpsContext) -> list[tuple[str, str, float]]:
    async with context.db.sessions() as session:
        matches = await session.scalar(
            select(func.count()).select_from(Match).where(Match.status == MatchStatus.ACTIVE)
        )
        lobbies = await session.scalar(
            select(func.count()).select_from(Lobby).where(Lobby.status == LobbyStatus.OPEN)
        )
    return [
        ("foxden_active_matches", "Matches being played (all processes).", float(matches or 0)),
        ("foxden_open_lobbies", "Lobbies open for players (all processes).", float(lobbies or 0)),
    ]

"""/metrics of `foxden serve --workers 2` on Postgres + Redis: one answer for all workers.

A short load (matches played over WebSockets, whichever worker each socket lands on) and then
several scrapes, each on a new connection (any worker may answer): every one shows the same
totals, and they are the totals of the whole load, not of one worker.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from app.server.migrate import upgrade
from tests.conftest import PG_ADMIN_DSN, run_blocking
from tests.ops.logged_processes import foxden_serve
from tests.platform.client import ApiClient, MatchSocket, open_table

pytestmark = pytest.mark.slow

MATCHES, MOVES = 3, 4
SCRAPES = 6
POLLS, POLL_PAUSE = 200, 0.05


async def _admin(sql: str) -> None:
    connection = await asyncpg.connect(PG_ADMIN_DSN, timeout=5)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@pytest.fixture
def empty_postgres(postgres_base_url: str) -> Iterator[str]:
    """A database of this test's own: the active-match count is exactly this test's matches."""
    name = f"foxden_metrics_{uuid.uuid4().hex[:10]}"
    run_blocking(lambda: _admin(f'CREATE DATABASE "{name}"'))
    url = f"{postgres_base_url.rsplit('/', 1)[0]}/{name}"
    upgrade(url)
    yield url
    run_blocking(lambda: _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


async def _scrape(base: str) -> tuple[str, dict[tuple[str, tuple[tuple[str, str], ...]], float]]:
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:  # a new connection each
        text = (await http.get("/metrics")).text
    return text, _samples(text)


async def _play(base: str, index: int) -> list[MatchSocket]:
    """A match of two, a socket per seat, MOVES moves over those sockets; the sockets stay open."""
    ws_base = base.replace("http", "ws")
    ada = await ApiClient.register(base, f"Ada{index}")
    bob = await ApiClient.register(base, f"Bob{index}")
    match_id = await open_table(ada, [bob], "fox-in-the-forest")
    sockets = [await MatchSocket.open(ws_base, match_id, p.token) for p in (ada, bob)]
    for move in range(MOVES):
        state = await ada.ok("GET", f"/api/v1/matches/{match_id}/state")
        seat = state["to_act"][0]
        mine = await sockets[seat].until_version(state["version"])
        await sockets[seat].act(mine["legal_actions"][0], mine["version"], f"m{index}-{move}")
    return sockets


def _open_sockets(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float]) -> float:
    return samples[("foxden_open_sockets", (("kind", "match"),))]


async def test_one_metrics_answer_sums_every_worker(
    empty_postgres: str, redis_url: str, tmp_path: Path
) -> None:
    shared = tmp_path / "metrics"
    shared.mkdir()
    (shared / "counter_999999.db").write_bytes(b"a previous run's counts")
    env = {
        "FOXDEN_DATABASE_URL": empty_postgres,
        "FOXDEN_REDIS_URL": redis_url,
        "FOXDEN_RATE_PER_MINUTE": "100000",
        "PROMETHEUS_MULTIPROC_DIR": str(shared),
    }
    with foxden_serve(env, tmp_path / "server.log", workers=2) as base:
        assert not (shared / "counter_999999.db").exists()  # emptied at start
        tables = await asyncio.gather(*(_play(base, i) for i in range(MATCHES)))
        sockets = [socket for table in tables for socket in table]
        scrapes = [await _scrape(base) for _ in range(SCRAPES)]
        text, samples = scrapes[0]
        for name in ("foxden_actions_total", "foxden_action_seconds", "foxden_open_sockets"):
            assert f"# HELP {name} " in text and f"# TYPE {name} " in text
        for _, other in scrapes:  # whichever worker answered, the same totals
            assert other[("foxden_actions_total", ())] == MATCHES * MOVES
            assert other[("foxden_action_seconds_count", ())] == MATCHES * MOVES
            assert _open_sockets(other) == len(sockets)
            assert other[("foxden_active_matches", ())] == MATCHES
        assert samples[("foxden_action_seconds_bucket", (("le", "0.25"),))] > 0
        workers = {path.stem.rsplit("_", 1)[1] for path in shared.glob("counter_*.db")}
        assert len(workers) == 2, workers  # both workers write to the shared directory
        for socket in sockets:
            await socket.close()
        for _ in range(POLLS):
            if _open_sockets((await _scrape(base))[1]) == 0:
                break
            await asyncio.sleep(POLL_PAUSE)
        else:
            raise AssertionError("closed sockets are still counted as open")
    # Workers that shut down took their live gauges with them; their counters stay.
    assert not list(shared.glob("gauge_live*.db"))
    assert list(shared.glob("counter_*.db"))

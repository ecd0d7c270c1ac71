"""/readyz: 503 naming the service that is down while the database or the broker is out of
reach, 200 otherwise; probes stay cheap: a "down" answer is kept for a second, and probes that
arrive together share one check."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.core.clock import ManualClock
from app.ops.readiness import Readiness, Verdict
from tests.conftest import REQUIRE
from tests.reliability.services import PrivateRedis
from tests.timing import app_on

UNREACHABLE_POSTGRES = "postgresql+asyncpg://postgres@127.0.0.1:1/nothing"
POLLS = 200


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    if not shutil.which("redis-server"):
        message = "redis-server is not installed"
        if REQUIRE:
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    redis = PrivateRedis(tmp_path)
    redis.start()
    yield redis
    redis.kill()


async def _ready(http: httpx.AsyncClient) -> tuple[int, dict[str, Any]]:
    response = await http.get("/readyz")
    return response.status_code, response.json()


async def _after_the_cache(clock: ManualClock, http: httpx.AsyncClient) -> tuple[int, Any]:
    await clock.advance(1.5)
    return await _ready(http)


async def test_a_stopped_broker_is_named_until_it_is_back(
    tmp_path: Path, private_redis: PrivateRedis
) -> None:
    clock = ManualClock()
    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    async with app_on(clock, url, redis_url=private_redis.url, auto_migrate=True) as (_, http):
        assert await _ready(http) == (200, {"status": "ok", "database": True, "broker": True})
        private_redis.kill()
        status, body = await _ready(http)  # at once: a healthy answer is never kept
        assert status == 503
        assert body == {"status": "unavailable", "database": True, "broker": False}
        private_redis.start()
        # Within a second of the failed check its answer stands: no probe storm on an outage.
        assert (await _ready(http))[0] == 503
        for _ in range(POLLS):  # the client reconnects at its next ping
            if (await _after_the_cache(clock, http))[0] == 200:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("/readyz never turned 200 again")


async def test_an_unreachable_database_is_named() -> None:
    async with app_on(ManualClock(), UNREACHABLE_POSTGRES) as (_, http):
        status, body = await _ready(http)
    assert status == 503
    assert body == {"status": "unavailable", "database": False, "broker": True}


async def test_probes_that_arrive_together_share_one_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    async with app_on(ManualClock(), url, auto_migrate=True) as (app, http):
        context = app.state.context
        readiness = app.state.readiness = Readiness(context)
        probes, pings, gate = [], [], asyncio.Event()
        verdict, ping = readiness.verdict, context.broker.ping

        async def probe() -> Verdict:
            probes.append(1)
            return await verdict()

        async def slow_ping() -> bool:  # the check is still running when the others arrive
            pings.append(1)
            await gate.wait()
            return bool(await ping())

        monkeypatch.setattr(readiness, "verdict", probe)
        monkeypatch.setattr(context.broker, "ping", slow_ping)
        answers = asyncio.gather(*(http.get("/readyz") for _ in range(20)))
        for _ in range(POLLS * 10):
            if len(probes) == 20:
                break
            await asyncio.sleep(0.005)
        gate.set()
        assert {answer.status_code for answer in await answers} == {200}
        assert len(probes) == 20 and len(pings) == 1

"""One setting bounds the connections a process opens to Postgres (FOXDEN_DB_CONNECTIONS), and
`foxden serve` refuses to start when the processes sharing the database could together open
more than the server allows: the one over would otherwise meet "too many clients" mid-game."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import asyncpg
import httpx
import pytest
import sqlalchemy.exc
from fastapi import FastAPI
from sqlalchemy.engine import make_url

import app.core.db
from app.core.config import Settings
from app.core.db_budget import FEWEST_CONNECTIONS, ConnectionBudget
from app.server.main import create_app
from app.server.migrate import upgrade
from app.server.startup import OPERATOR_CONNECTIONS, check_connections
from tests.conftest import PG_ADMIN_DSN
from tests.ops.processes import clean_environment
from tests.ops.test_refusals import foxden
from tests.servers import ROOT, Server

CONNECTIONS = 12  # small enough that the test's connections leave the shared server room
# How long a checkout waits for a free connection before giving up, here: the test's last
# checkout of each pool must give up, and the app's 10 s would only make it slow.
FULL_POOL_SECONDS = 1


async def _admin_fetchval(sql: str, *args: Any) -> Any:
    connection = await asyncpg.connect(PG_ADMIN_DSN, timeout=5)
    try:
        return await connection.fetchval(sql, *args)
    finally:
        await connection.close()


async def _connections_to(url: str) -> int:
    """Connections Postgres counts to this database (the observer is on another one)."""
    database = make_url(url).database
    return int(
        await _admin_fetchval("SELECT count(*) FROM pg_stat_activity WHERE datname = $1", database)
    )


async def _server_allows() -> int:
    """What the test server leaves for Foxden, read here independently of the app."""
    most = int(await _admin_fetchval("SELECT current_setting('max_connections')::int"))
    reserved = int(
        await _admin_fetchval(
            "SELECT current_setting('superuser_reserved_connections')::int"
            " + coalesce(current_setting('reserved_connections', true), '0')::int"
        )
    )
    return most - reserved - OPERATOR_CONNECTIONS


@asynccontextmanager
async def _serving(url: str, **settings: Any) -> AsyncIterator[FastAPI]:
    served = create_app(Settings(database_url=url, **settings))
    async with served.router.lifespan_context(served):
        yield served


async def _hold_every_session(engine: Any, stack: AsyncExitStack) -> int:
    """Check out of SQLAlchemy's pool until it refuses; how many it gave."""
    held = 0
    while True:
        try:
            await stack.enter_async_context(engine.connect())
        except sqlalchemy.exc.TimeoutError:
            return held
        held += 1


async def _hold_every_move_connection(pool: asyncpg.Pool, stack: AsyncExitStack) -> int:
    """Acquire from the move writer's pool until it refuses; how many it gave."""
    held = 0
    while True:
        try:
            await stack.enter_async_context(pool.acquire(timeout=FULL_POOL_SECONDS))
        except TimeoutError:
            return held
        held += 1


def test_the_shares_of_the_budget_add_up_to_it() -> None:
    for total in range(FEWEST_CONNECTIONS, 201):
        budget = ConnectionBudget(total)
        assert 1 + budget.moves + budget.kept + budget.peak == total
        assert budget.moves >= 1 and budget.kept >= 2


async def test_a_process_at_its_busiest_holds_exactly_the_setting(
    empty_postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    upgrade(empty_postgres_url)
    monkeypatch.setattr(app.core.db, "POOL_TIMEOUT_SECONDS", FULL_POOL_SECONDS)
    async with _serving(empty_postgres_url, db_connections=CONNECTIONS) as served:
        database = served.state.context.db
        move_pool = await database.open_move_pool()  # as the move writer opens its own
        async with AsyncExitStack() as held:
            sessions = await _hold_every_session(database.engine, held)
            moves = await _hold_every_move_connection(move_pool, held)
            # Every pool full, with the fan-out lock's connection beside them.
            assert await _connections_to(empty_postgres_url) == CONNECTIONS
            assert 1 + sessions + moves == CONNECTIONS
        await move_pool.close()


def test_the_old_pool_size_setting_keeps_the_ceiling_it_gave(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FOXDEN_DB_POOL_SIZE", "20")
    monkeypatch.delenv("FOXDEN_DB_CONNECTIONS", raising=False)
    settings = Settings()
    # 20 kept open, 10 at a peak, 8 for moves and the lock: what FOXDEN_DB_POOL_SIZE=20 gave.
    assert settings.db_connections == 39
    assert "FOXDEN_DB_CONNECTIONS=39" in settings.deprecations()[0]
    budget = ConnectionBudget(settings.db_connections)
    assert (budget.kept, budget.peak, budget.moves) == (20, 10, 8)
    monkeypatch.setenv("FOXDEN_DB_CONNECTIONS", "24")
    assert Settings().db_connections == 24, "the new name wins"
    assert "ignored" in Settings().deprecations()[0]


def test_start_is_refused_when_the_processes_could_exhaust_postgres(
    empty_postgres_url: str,
) -> None:
    processes = 10  # x 20 = 200: more than the test server's 100 (and any default)
    env = {
        "FOXDEN_DATABASE_URL": empty_postgres_url,
        "FOXDEN_DB_PROCESSES": str(processes),
        "FOXDEN_DB_CONNECTIONS": "20",
    }
    result = foxden(["serve", "--port", "0"], env)
    allows = asyncio.run(_server_allows())
    assert result.returncode == 1
    assert "10 processes (FOXDEN_DB_PROCESSES) x 20 connections each" in result.stderr
    assert f"= {allows}. Set FOXDEN_DB_CONNECTIONS={allows // processes} or less" in result.stderr
    assert "raise max_connections" in result.stderr
    assert asyncio.run(_table_count(empty_postgres_url)) == 0, "refused before migrating"


def test_the_old_setting_counts_in_the_check_and_is_named_in_the_log(
    empty_postgres_url: str, redis_url: str
) -> None:
    env = {
        "FOXDEN_DATABASE_URL": empty_postgres_url,
        "FOXDEN_REDIS_URL": redis_url,
        "FOXDEN_DB_POOL_SIZE": "20",
    }
    result = foxden(["serve", "--port", "0", "--workers", "3"], env)
    assert result.returncode == 1
    assert "FOXDEN_DB_POOL_SIZE is deprecated" in result.stderr
    assert "3 processes (--workers) x 39 connections each" in result.stderr


def test_processes_within_what_the_server_allows_may_start(empty_postgres_url: str) -> None:
    fits = asyncio.run(_server_allows()) // 20
    settings = Settings(database_url=empty_postgres_url, db_processes=fits, db_connections=20)
    check_connections(settings, workers=1)  # refuses by raising
    check_connections(Settings(database_url=empty_postgres_url), workers=fits)


class _CliServer(Server):
    """`python -m app.server.cli serve --fd N` from this checkout (the installed `foxden` script
    may be another one's)."""

    def start(self) -> None:
        assert self.listener is not None
        fd = self.listener.fileno()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app.server.cli", "serve", "--fd", str(fd)],
            cwd=ROOT,
            env=clean_environment(**self.env),
            pass_fds=(fd,),
        )
        self.wait_ready()


@pytest.mark.slow
def test_foxden_serve_starts_when_the_sizing_fits(empty_postgres_url: str) -> None:
    env = {
        "FOXDEN_DATABASE_URL": empty_postgres_url,
        "FOXDEN_DB_PROCESSES": "2",
        "FOXDEN_DB_CONNECTIONS": "20",  # the README's example: 40 of 100
    }
    server = _CliServer(env)
    try:
        server.start()
        assert httpx.get(server.url + "/readyz", timeout=5).status_code == 200
    finally:
        server.stop()


async def _table_count(url: str) -> int:
    connection = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        return int(
            await connection.fetchval(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            )
        )
    finally:
        await connection.close()

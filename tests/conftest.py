"""Shared fixtures: databases (SQLite and Postgres), Redis, the app in process, servers.

Tests that need Postgres or Redis skip when those are unreachable, except when
FOXDEN_REQUIRE_SERVICES=1 (CI): then they fail, so a green CI always means they ran.
"""

from __future__ import annotations

import asyncio
import os
import threading
import uuid
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
import redis
from argon2 import PasswordHasher

from app.accounts import passwords
from app.core.clock import ManualClock
from app.games import REGISTRY
from app.server.migrate import upgrade
from tests import scheduling
from tests.fakes.high_card import ENGINE as HIGH_CARD

PG_ADMIN_DSN = os.environ.get(
    "FOXDEN_TEST_POSTGRES_DSN", "postgresql://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("FOXDEN_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
REQUIRE = os.environ.get("FOXDEN_REQUIRE_SERVICES") == "1"
# Argon2 with the least work it allows: a hash in ~30 us instead of ~0.2 s of a core.
QUICK_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
QUICK_DECOY = QUICK_HASHER.hash("decoy password: matches no account")


def run_blocking(make: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run a coroutine to completion from sync code, even inside a running event loop."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(make())
        except BaseException as exc:  # re-raised in the caller's thread
            errors.append(exc)

    worker = threading.Thread(target=target)
    worker.start()
    worker.join()
    if errors:
        raise errors[0]


def _unavailable(what: str, why: Exception) -> None:
    message = f"{what} is not reachable ({why})"
    if REQUIRE:
        pytest.fail(message + " and FOXDEN_REQUIRE_SERVICES=1", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def postgres_base_url() -> Iterator[str]:
    """A fresh database for this test session, migrated once; dropped at the end."""
    name = f"foxden_test_{uuid.uuid4().hex[:10]}"

    async def admin(sql: str) -> None:
        connection = await asyncpg.connect(PG_ADMIN_DSN, timeout=5)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    try:
        run_blocking(lambda: admin(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        _unavailable("Postgres", exc)
    base = PG_ADMIN_DSN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://")
    url = f"{base}/{name}"
    upgrade(url)
    yield url
    run_blocking(lambda: admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def redis_url() -> str:
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
    except Exception as exc:
        _unavailable("Redis", exc)
    return REDIS_URL


def _tables() -> tuple[str, ...]:
    """Every table the app's models declare, so a new table is emptied between tests too."""
    import app.server.models  # noqa: F401  (registers every model on the metadata)
    from app.core.db import Base

    return tuple(Base.metadata.tables)


async def truncate_postgres(url: str) -> None:
    """Empties every table of the test Postgres (the schema stays)."""
    dsn = url.replace("postgresql+asyncpg://", "postgresql://")
    connection = await asyncpg.connect(dsn)
    try:
        await connection.execute(f"TRUNCATE {', '.join(_tables())} CASCADE")
    finally:
        await connection.close()


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each platform test runs on both databases."""
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
        upgrade(url)
        return url
    base_url: str = request.getfixturevalue("postgres_base_url")
    run_blocking(lambda: truncate_postgres(base_url))
    return base_url


@pytest.fixture(scope="module")
def empty_postgres_url(postgres_base_url: str) -> str:
    """The test Postgres emptied once, for a server that serves a whole module (the earlier
    tests' rows, a match of the fake game among them, must not reach it)."""
    run_blocking(lambda: truncate_postgres(postgres_base_url))
    return postgres_base_url


@pytest.fixture
def with_high_card() -> Iterator[None]:
    """Registers the fake test game for the platform tests."""
    REGISTRY[HIGH_CARD.id] = HIGH_CARD
    yield
    REGISTRY.pop(HIGH_CARD.id, None)


@pytest.fixture(autouse=True)
def quick_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The apps these tests run in process hash passwords with Argon2 at its least cost: they
    check what claims, sign-ins and limits answer, by the dozen, and the production cost (a
    fifth of a second of a core, on a thread at the lowest priority) made each one seconds
    long on a busy machine. tests/platform/accounts/test_hashing.py keeps the real hasher."""
    monkeypatch.setattr(passwords, "HASHER", QUICK_HASHER)
    monkeypatch.setattr(passwords, "_DECOY", QUICK_DECOY)


@pytest.fixture
def clock() -> ManualClock:
    """The app's clock in platform tests: time moves only when the test moves it."""
    return ManualClock()


@pytest.fixture
async def client(
    database_url: str, with_high_card: None, clock: ManualClock
) -> AsyncIterator[httpx.AsyncClient]:
    from app.core.config import Settings
    from app.server.main import create_app

    settings = Settings(
        database_url=database_url,
        bot_delay_ms=0,
        rate_per_minute=100_000,
        admin_token="test-admin-token-0123456789abcdef",
    )
    app = create_app(settings, clock)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            http.app = app  # type: ignore[attr-defined]
            yield http


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`make test` runs `--dist loadgroup`: each test file goes to one worker as a whole (its
    module fixtures, servers and browsers, are built once), except the engine conformance
    suite, a long file, whose games go apart so that both cores share it. The files are
    handed out longest first (tests/scheduling.py)."""
    expected = scheduling.expected_seconds([item.nodeid for item in items])
    first = {group: index for index, group in enumerate(expected)}
    for item in items:
        item.add_marker(pytest.mark.xdist_group(scheduling.group_of(item.nodeid)))

    def longest_first(item: pytest.Item) -> tuple[float, int]:
        group = scheduling.group_of(item.nodeid)
        return -expected[group], first[group]

    items.sort(key=longest_first)  # stable: a file's tests keep their order

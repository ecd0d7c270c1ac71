"""Fixtures for the operations tests: an empty Postgres database (not migrated)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import asyncpg
import pytest

from tests.conftest import PG_ADMIN_DSN, _unavailable, run_blocking


async def _admin(sql: str) -> None:
    connection = await asyncpg.connect(PG_ADMIN_DSN, timeout=5)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@pytest.fixture
def empty_postgres_url() -> Iterator[str]:
    """A new, empty database: the first `foxden migrate` builds its schema."""
    name = f"foxden_ops_{uuid.uuid4().hex[:10]}"
    try:
        run_blocking(lambda: _admin(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        _unavailable("Postgres", exc)
    base = PG_ADMIN_DSN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://")
    yield f"{base}/{name}"
    run_blocking(lambda: _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


# Chromium pages for the restart test, as the browser tests have them.
from tests.browser.conftest import browser, page_factory  # noqa: E402, F401

"""Replicas that start together all run `foxden migrate` on one new Postgres database: they
take turns on an advisory lock, the first builds the schema, the others find it current."""

from __future__ import annotations

import subprocess
import sys

import asyncpg
import pytest

from tests.conftest import run_blocking
from tests.ops.processes import clean_environment
from tests.servers import ROOT

pytestmark = pytest.mark.slow
REPLICAS = 4
MIGRATE_SECONDS = 120


def test_replicas_migrating_at_once_all_succeed(empty_postgres_url: str) -> None:
    env = clean_environment(FOXDEN_DATABASE_URL=empty_postgres_url)
    migrating = [
        subprocess.Popen(
            [sys.executable, "-m", "app.server.cli", "migrate"],
            cwd=ROOT,
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(REPLICAS)
    ]
    outcomes = [(p.wait(MIGRATE_SECONDS), p.stderr.read() if p.stderr else "") for p in migrating]
    assert [code for code, _ in outcomes] == [0] * REPLICAS, outcomes

    heads: list[str] = []

    async def read_head() -> None:
        dsn = empty_postgres_url.replace("postgresql+asyncpg://", "postgresql://")
        connection = await asyncpg.connect(dsn)
        try:
            heads.extend(
                r["version_num"]
                for r in await connection.fetch("SELECT version_num FROM alembic_version")
            )
        finally:
            await connection.close()

    run_blocking(read_head)
    assert len(heads) == 1, heads

"""The Alembic migrations build exactly the schema the models describe, on both databases."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

import app.server.models  # noqa: F401 - every table on Base.metadata
from app.core.db import Base, make_engine


async def test_migrations_match_the_models(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        async with engine.connect() as connection:
            differences = await connection.run_sync(
                lambda sync: compare_metadata(MigrationContext.configure(sync), Base.metadata)
            )
    finally:
        await engine.dispose()
    assert differences == []

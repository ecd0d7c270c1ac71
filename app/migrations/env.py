"""Alembic environment (async): migrates the database named by FOXDEN_DATABASE_URL."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection

import app.server.models  # noqa: F401 - registers every table on Base.metadata
from app.core.config import get_settings
from app.core.db import Base, is_sqlite, make_engine

config = context.config
target_metadata = Base.metadata
# Replicas that start together each run `foxden migrate`: on Postgres they take turns on this
# lock, and each one after the first finds the schema current and does nothing.
MIGRATION_LOCK = 0x466F7864656E  # "Foxden"


def _url() -> str:
    return config.attributes.get("url") or get_settings().database_url


def run_migrations_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=is_sqlite(_url()),  # SQLite alters tables by copying them
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # Held until this transaction ends (Postgres migrates in one transaction).
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        context.run_migrations()


async def run_migrations_online() -> None:
    engine = make_engine(_url())
    async with engine.connect() as connection:
        await connection.run_sync(_run)
    await engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    asyncio.run(run_migrations_online())

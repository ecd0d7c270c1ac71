"""Run the Alembic migrations from code (the CLI, `make run`, tests)."""

from __future__ import annotations

import threading

from alembic import command
from alembic.config import Config

from app.core.packaged import ALEMBIC_INI, MIGRATIONS


def alembic_config(url: str) -> Config:
    config = Config(str(ALEMBIC_INI))
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["url"] = url
    return config


def upgrade(url: str) -> None:
    """Migrate to the newest revision.

    The async env calls asyncio.run, which cannot nest inside a running loop, so the upgrade
    runs in its own thread; callers may be sync or async.
    """
    errors: list[BaseException] = []

    def run() -> None:
        try:
            command.upgrade(alembic_config(url), "head")
        except BaseException as exc:  # re-raised in the caller's thread
            errors.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if errors:
        raise errors[0]

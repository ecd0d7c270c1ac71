"""A serving process freezes what its startup built (app/ops/heap.py), so a full collection
during play walks only what play made; an app built inside a test process freezes nothing."""

from __future__ import annotations

import gc
from pathlib import Path

import httpx
from fastapi import FastAPI

from app.core.config import Settings
from app.server.main import create_app


def _settings(tmp_path: Path) -> Settings:
    return Settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'heap.db'}", bot_delay_ms=0)


async def _ready(app: FastAPI) -> None:
    """A request in between: the background jobs started with the app get to run."""
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        assert (await http.get("/readyz")).status_code == 200


async def test_a_serving_app_freezes_its_startup_heap(tmp_path: Path) -> None:
    gc.unfreeze()
    app = create_app(_settings(tmp_path), serving=True)
    try:
        async with app.router.lifespan_context(app):
            await _ready(app)
            frozen = gc.get_freeze_count()
            assert frozen > 10_000  # the imports and the app: left out of every collection
    finally:
        gc.unfreeze()  # this test process goes on building apps


async def test_an_app_built_for_a_test_freezes_nothing(tmp_path: Path) -> None:
    gc.unfreeze()
    app = create_app(_settings(tmp_path))
    async with app.router.lifespan_context(app):
        await _ready(app)
        assert gc.get_freeze_count() == 0

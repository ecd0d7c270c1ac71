"""A client sees its budget on every limited answer (RateLimit-Policy, RateLimit), so it can
slow down before it is refused; a refusal says how long to wait (Retry-After)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from app.core.clock import ManualClock
from app.core.config import Settings
from app.server.main import create_app
from app.server.migrate import upgrade

# 60 a minute: a bucket of 10, refilled in 10 s (one a second).
POLICY = '"requests";q=10;w=10'


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def http(tmp_path: Path, clock: ManualClock) -> AsyncIterator[httpx.AsyncClient]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    upgrade(url)
    app = create_app(Settings(database_url=url, rate_per_minute=60), clock)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            yield client


async def test_the_budget_shrinks_visibly_before_the_refusal(
    http: httpx.AsyncClient, clock: ManualClock
) -> None:
    seen = []
    for _ in range(10):
        answer = await http.get("/api/v1/games")
        assert answer.status_code == 200
        assert answer.headers["RateLimit-Policy"] == POLICY
        seen.append(answer.headers["RateLimit"])
    assert seen[0] == '"requests";r=9;t=1'
    assert seen[-1] == '"requests";r=0;t=10'
    refused = await http.get("/api/v1/games")
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "1"
    assert refused.headers["RateLimit"] == '"requests";r=0;t=10'
    assert refused.headers["RateLimit-Policy"] == POLICY
    await clock.advance(1)
    again = await http.get("/api/v1/games")
    assert again.status_code == 200 and again.headers["RateLimit"] == '"requests";r=0;t=10'


async def test_a_player_sees_the_budget_of_their_token(http: httpx.AsyncClient) -> None:
    created = await http.post("/api/v1/players", json={"name": "Ada"})
    assert created.status_code == 201
    assert created.headers["RateLimit-Policy"] == POLICY  # the budget of creating players
    auth = {"Authorization": f"Bearer {created.json()['token']}"}
    for left in (9, 8):
        me = await http.get("/api/v1/players/me", headers=auth)
        assert me.status_code == 200
        assert me.headers["RateLimit"].startswith(f'"requests";r={left};')


async def test_the_document_declares_the_headers_of_a_refusal(http: httpx.AsyncClient) -> None:
    document = (await http.get("/openapi.json")).json()
    refusal = document["paths"]["/api/v1/games"]["get"]["responses"]["429"]
    assert {"Retry-After", "RateLimit", "RateLimit-Policy"} <= set(refusal["headers"])

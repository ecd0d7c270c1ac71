"""A browser page on another origin may call the public API, if the operator allowed its origin."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from app.core.clock import ManualClock
from app.core.config import Settings
from app.server.main import create_app
from app.server.migrate import upgrade

ALLOWED = "https://bots.example.org"
STRANGER = "https://evil.example.net"


def preflight(origin: str, method: str = "POST") -> dict[str, str]:
    return {
        "Origin": origin,
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": "authorization, content-type",
    }


async def serve(tmp_path: Path, **settings: object) -> AsyncIterator[httpx.AsyncClient]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    upgrade(url)
    app = create_app(Settings(database_url=url, **settings), ManualClock())  # type: ignore[arg-type]
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            yield http


@pytest.fixture
async def http(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    async for client in serve(tmp_path, cors_origins=f"{ALLOWED}, https://other.example"):
        yield client


@pytest.fixture
async def closed(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    async for client in serve(tmp_path):
        yield client


async def test_a_preflight_from_an_allowed_origin_is_answered(http: httpx.AsyncClient) -> None:
    answer = await http.options("/api/v1/lobbies", headers=preflight(ALLOWED))
    assert answer.status_code == 200
    assert answer.headers["access-control-allow-origin"] == ALLOWED
    assert "POST" in answer.headers["access-control-allow-methods"]
    allowed_headers = answer.headers["access-control-allow-headers"].lower()
    assert "authorization" in allowed_headers and "content-type" in allowed_headers
    # The token travels in a header: no cookie is ever sent cross-origin.
    assert "access-control-allow-credentials" not in answer.headers


async def test_a_disallowed_origin_gets_no_cors_headers(http: httpx.AsyncClient) -> None:
    answer = await http.options("/api/v1/lobbies", headers=preflight(STRANGER))
    assert "access-control-allow-origin" not in answer.headers
    real = await http.get("/api/v1/games", headers={"Origin": STRANGER})
    assert real.status_code == 200
    assert "access-control-allow-origin" not in real.headers


async def test_a_real_request_carries_the_headers_a_client_reads(
    http: httpx.AsyncClient,
) -> None:
    created = await http.post("/api/v1/players", json={"name": "Ada"}, headers={"Origin": ALLOWED})
    assert created.status_code == 201
    assert created.headers["access-control-allow-origin"] == ALLOWED
    token = created.json()["token"]
    me = await http.get(
        "/api/v1/players/me", headers={"Origin": ALLOWED, "Authorization": f"Bearer {token}"}
    )
    assert me.status_code == 200
    assert me.headers["access-control-allow-origin"] == ALLOWED
    exposed = {h.strip().lower() for h in me.headers["access-control-expose-headers"].split(",")}
    assert {"retry-after", "ratelimit", "ratelimit-policy", "link", "etag"} <= exposed
    assert "access-control-allow-credentials" not in me.headers


async def test_pages_stay_same_origin(http: httpx.AsyncClient) -> None:
    page = await http.get("/", headers={"Origin": ALLOWED})
    assert "access-control-allow-origin" not in page.headers


async def test_no_origin_is_allowed_by_default(closed: httpx.AsyncClient) -> None:
    answer = await closed.options("/api/v1/lobbies", headers=preflight(ALLOWED))
    assert "access-control-allow-origin" not in answer.headers
    real = await closed.get("/api/v1/games", headers={"Origin": ALLOWED})
    assert "access-control-allow-origin" not in real.headers


def test_a_mistyped_origin_is_refused_at_start() -> None:
    with pytest.raises(ValidationError, match="FOXDEN_CORS_ORIGINS"):
        Settings(cors_origins="https://ok.example, bots.example.org/path")
    assert Settings(cors_origins="http://[::1]:8080, *").cors_origins

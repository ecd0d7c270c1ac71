"""A refusal never costs the client its connection: the next request goes on the same one.

Over a real uvicorn server, with both of its HTTP/1.1 implementations: h11 can reuse a
connection only once the request body has been read, so refusals sent before the app reads
the body (no such route, wrong method, too large) used to close it.
"""

from __future__ import annotations

import http.client
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.core.config import Settings
from app.server.migrate import upgrade
from tests.platform.live_server import serving

BIG = b'{"name": "' + b"x" * 70_000 + b'"}'
JSON = {"Content-Type": "application/json"}


def _chunks() -> Iterator[bytes]:
    for _ in range(70):
        yield b"x" * 1000


Body = bytes | Callable[[], Iterator[bytes]] | None
REFUSALS: list[tuple[str, str, Body, dict[str, str], int]] = [
    ("POST", "/api/v1/players", BIG, JSON, 413),
    ("POST", "/api/v1/players", _chunks, JSON, 413),
    ("POST", "/api/v1/players", b"{not json", JSON, 400),
    ("POST", "/no/such/route", b'{"a": 1}', JSON, 404),
    ("DELETE", "/api/v1/games", b'{"a": 1}', JSON, 405),
    ("GET", "/api/v1/players/me", None, {"Authorization": "Bearer nope"}, 401),
    ("GET", "/api/v1/lobbies/%00", None, {}, 400),
    ("GET", "/api/v1/games", None, {"X-Padding": "x" * 9000}, 431),
]


@pytest.mark.parametrize("implementation", ["h11", "httptools"])
def test_the_connection_survives_every_refusal(
    implementation: str, tmp_path: Path, with_high_card: None
) -> None:
    from app.server.main import create_app

    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    upgrade(url)
    app = create_app(Settings(database_url=url, rate_per_minute=100_000))
    with serving(app, http=implementation) as base:
        connection = http.client.HTTPConnection(base.removeprefix("http://"), timeout=10)
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        opened = connection.sock
        for method, path, body, headers, status in REFUSALS:
            payload = body() if callable(body) else body
            connection.request(method, path, payload, headers, encode_chunked=callable(body))
            refused = connection.getresponse()
            refused.read()
            assert refused.status == status, (method, path, refused.status)
            assert not refused.will_close, (method, path)
            connection.request("GET", "/healthz")
            after = connection.getresponse()
            assert after.status == 200 and after.read()
            assert connection.sock is opened, f"{method} {path}: a new connection was needed"
        connection.close()

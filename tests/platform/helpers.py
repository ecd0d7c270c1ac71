"""Small API helpers for platform tests: a player is a name and a token."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
from sqlalchemy import event


@dataclass
class Player:
    id: str
    name: str
    token: str

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


async def new_player(http: httpx.AsyncClient, name: str) -> Player:
    response = await http.post("/api/v1/players", json={"name": name})
    assert response.status_code == 201, response.text
    body = response.json()
    return Player(body["id"], body["name"], body["token"])


async def start_match(
    http: httpx.AsyncClient,
    host: Player,
    guests: list[Player],
    game: str = "high-card",
    options: dict[str, Any] | None = None,
    bots: dict[int, str] | None = None,
) -> str:
    seats = 1 + len(guests) + len(bots or {})
    response = await http.post(
        "/api/v1/lobbies",
        headers=host.auth,
        json={"game": game, "seats": seats, "options": options or {}},
    )
    assert response.status_code == 201, response.text
    lobby = response.json()
    for seat, strategy in (bots or {}).items():
        put = await http.put(
            f"/api/v1/lobbies/{lobby['id']}/seats/{seat}", headers=host.auth, json={"bot": strategy}
        )
        assert put.status_code == 200, put.text
    for guest in guests:
        joined = await http.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=guest.auth, json={})
        assert joined.status_code == 200, joined.text
        ready = await http.post(
            f"/api/v1/lobbies/{lobby['id']}/ready", headers=guest.auth, json={"ready": True}
        )
        assert ready.status_code == 200, ready.text
    started = await http.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=host.auth)
    assert started.status_code == 200, started.text
    return str(started.json()["match_id"])


async def envelope(http: httpx.AsyncClient, match_id: str, player: Player | None) -> dict[str, Any]:
    headers = player.auth if player else {}
    response = await http.get(f"/api/v1/matches/{match_id}/state", headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def act(
    http: httpx.AsyncClient, match_id: str, player: Player, action: Any, **extra: Any
) -> httpx.Response:
    return await http.post(
        f"/api/v1/matches/{match_id}/actions", headers=player.auth, json={"action": action, **extra}
    )


@asynccontextmanager
async def app_client(
    database_url: str, *, peer: str = "127.0.0.1", clock: Any = None, **settings: Any
) -> AsyncIterator[httpx.AsyncClient]:
    """The app with these settings, in process, as seen from the address `peer` (on `clock`,
    a test's manual clock, if given)."""
    from app.core.config import Settings
    from app.server.main import create_app

    app = create_app(Settings(database_url=database_url, bot_delay_ms=0, **settings), clock)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=(peer, 40_000))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            http.app = app  # type: ignore[attr-defined]  # as the `client` fixture's
            yield http


async def start_timed_match(
    http: httpx.AsyncClient, seconds: int, tricks: int = 3
) -> tuple[Player, Player, str]:
    """Ada and Bob at a high-card table with a turn timer of `seconds`; Ada leads."""
    ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
    response = await http.post(
        "/api/v1/lobbies",
        headers=ada.auth,
        json={
            "game": "high-card",
            "seats": 2,
            "options": {"tricks": tricks},
            "turn_seconds": seconds,
        },
    )
    assert response.status_code == 201, response.text
    lobby = response.json()
    assert lobby["turn_seconds"] == seconds
    await http.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json={})
    await http.post(f"/api/v1/lobbies/{lobby['id']}/ready", headers=bob.auth, json={})
    started = await http.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=ada.auth)
    assert started.status_code == 200, started.text
    return ada, bob, str(started.json()["match_id"])


@contextmanager
def counting_statements(app: Any) -> Iterator[list[str]]:
    """Every SQL statement the app's engine runs inside the block, in order."""
    statements: list[str] = []
    engine = app.state.context.db.engine.sync_engine

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", record)

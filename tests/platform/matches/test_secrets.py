"""Secrets: the admin token is the current setting only, invite codes can be taken back, and
no token or invite code is ever written to a log line."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets
from pydantic import ValidationError

from app.accounts.models import Player
from app.accounts.tokens import hash_token, new_id
from app.core.config import Settings, get_settings
from app.core.db import Database
from app.server.migrate import upgrade
from tests.platform.helpers import Player as ApiPlayer
from tests.platform.helpers import app_client, new_player
from tests.platform.live_server import serving

TOKEN_A = "a" * 16 + "-first-admin-token-0123"
TOKEN_B = "b" * 16 + "-second-admin-token-456"


async def _is_admin(http: httpx.AsyncClient, token: str) -> int | bool:
    me = await http.get("/api/v1/players/me", headers={"Authorization": f"Bearer {token}"})
    return bool(me.json()["is_admin"]) if me.status_code == 200 else me.status_code


async def test_the_admin_token_works_only_while_it_is_the_setting(database_url: str) -> None:
    # What earlier versions left behind: the token stored as an admin player's hash.
    database = Database(database_url)
    async with database.sessions() as session:
        session.add(
            Player(id=new_id(), name="admin", token_hash=hash_token(TOKEN_A), is_admin=True)
        )
        await session.commit()
    await database.dispose()
    async with app_client(database_url, admin_token=TOKEN_A) as http:
        assert await _is_admin(http, TOKEN_A) is True
    async with app_client(database_url, admin_token=TOKEN_B) as http:
        assert await _is_admin(http, TOKEN_A) == 401  # changed: the old one stops at once
        assert await _is_admin(http, TOKEN_B) is True
    async with app_client(database_url) as http:
        assert await _is_admin(http, TOKEN_A) == 401  # unset: no admin token at all
        assert await _is_admin(http, TOKEN_B) == 401


def test_a_short_admin_token_is_refused_at_start_without_echoing_it() -> None:
    short = "hunter2-is-not-a-good-token"
    with pytest.raises(ValidationError) as refused:
        Settings(admin_token=short)
    assert "at least 32 characters" in str(refused.value)
    assert short not in str(refused.value)
    assert Settings(admin_token="x" * 32).admin_token == "x" * 32


def test_the_command_line_says_why_it_will_not_start(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.server.cli import main

    monkeypatch.setenv("FOXDEN_ADMIN_TOKEN", "too-short")
    get_settings.cache_clear()
    try:
        with pytest.raises(SystemExit) as stopped:
            main(["migrate"])
    finally:
        get_settings.cache_clear()
    message = str(stopped.value.code)
    assert "FOXDEN_ADMIN_TOKEN" in message and "32" in message and "too-short" not in message


async def _private_table(client: httpx.AsyncClient, host: ApiPlayer) -> dict[str, str]:
    created = await client.post(
        "/api/v1/lobbies",
        headers=host.auth,
        json={"game": "high-card", "seats": 3, "private": True},
    )
    assert created.status_code == 201, created.text
    return dict(created.json())


async def _join(client: httpx.AsyncClient, lobby_id: str, who: ApiPlayer, code: str) -> int:
    joined = await client.post(
        f"/api/v1/lobbies/{lobby_id}/join", headers=who.auth, json={"invite_code": code}
    )
    return joined.status_code


async def test_a_kicked_player_cannot_come_back_with_the_old_link(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    lobby = await _private_table(client, ada)
    old = lobby["invite_code"]
    assert await _join(client, lobby["id"], bob, old) == 200
    kicked = await client.delete(f"/api/v1/lobbies/{lobby['id']}/seats/1", headers=ada.auth)
    new = kicked.json()["invite_code"]
    assert new != old
    assert await _join(client, lobby["id"], bob, old) == 403
    assert await _join(client, lobby["id"], bob, new) == 200
    admin = {"Authorization": "Bearer test-admin-token-0123456789abcdef"}
    url = f"/api/v1/admin/lobbies/{lobby['id']}/players/{bob.id}"
    assert (await client.delete(url, headers=admin)).status_code == 200
    assert await _join(client, lobby["id"], bob, new) == 403


async def test_the_host_can_give_out_a_new_invite_code(client: httpx.AsyncClient) -> None:
    ada, bob, eve = [await new_player(client, name) for name in ("Ada", "Bob", "Eve")]
    lobby = await _private_table(client, ada)
    old = lobby["invite_code"]
    url = f"/api/v1/lobbies/{lobby['id']}/invite_code"
    assert await _join(client, lobby["id"], bob, old) == 200
    refused = await client.post(url, headers=bob.auth)  # a guest may not
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "lobby/not_host")
    rotated = await client.post(url, headers=ada.auth)
    assert rotated.status_code == 200
    new = rotated.json()["invite_code"]
    assert new and new != old
    assert await _join(client, lobby["id"], eve, old) == 403
    assert await _join(client, lobby["id"], eve, new) == 200


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def server_log() -> Iterator[Lines]:
    lines = Lines()
    loggers = [logging.getLogger(name) for name in ("uvicorn.access", "uvicorn.error")]
    for logger in loggers:
        logger.addHandler(lines)
    yield lines
    for logger in loggers:
        logger.removeHandler(lines)


async def test_no_token_or_invite_code_reaches_the_server_log(
    tmp_path: Path, server_log: Lines, with_high_card: None, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.server.main import create_app

    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    upgrade(url)
    app = create_app(Settings(database_url=url, bot_delay_ms=0))
    with serving(app) as base:
        async with httpx.AsyncClient(base_url=base) as http:
            ada = await new_player(http, "Ada")
            lobby = await _private_table(http, ada)
            code = lobby["invite_code"]
            assert (await http.get(f"/lobby/{lobby['id']}?code={code}")).status_code == 200
            await http.get("/api/v1/players/me", headers=ada.auth)
            ws_url = base.replace("http", "ws") + f"/api/v1/lobbies/{lobby['id']}/ws"
            async with websockets.connect(f"{ws_url}?token={ada.token}") as socket:
                await asyncio.wait_for(socket.recv(), 10)
    # uvicorn's lines, and the app's own request lines (app/ops/requestlog.py) on stderr.
    text = "\n".join(server_log.lines) + capsys.readouterr().err
    assert '"route":"/lobby/{lobby_id}"' in text and "/ws" in text  # the lines are there...
    assert code not in text and ada.token not in text  # ...without their secrets

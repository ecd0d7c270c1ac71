"""A signed-out device is out everywhere at once: the sockets it opened close with 4001 after an
`auth/revoked` error frame, and no frame it sends acts once its token is revoked.

In process, on both databases; tests/platform/realtime/test_signouts_two_processes.py shows the
same across two real processes over Redis, and the event stream's last `signed_out` event."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.core.config import Settings
from app.server.main import create_app
from tests.platform.accounts.helpers import PASSWORD, claimed, code, sign_in
from tests.platform.helpers import Player, envelope, new_player
from tests.platform.realtime.test_websockets import (  # noqa: F401 (fixtures)
    InProcessSocket,
    http,
    lobby_socket,
    match_socket,
)

ADMIN_TOKEN = "signouts-admin-token-0123456789abcdef"
SIGNED_OUT = 4001


@pytest.fixture
async def app(database_url: str, with_high_card: None) -> Any:
    settings = Settings(
        database_url=database_url, bot_delay_ms=0, rate_per_minute=100_000, admin_token=ADMIN_TOKEN
    )
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        yield application


async def _match_of(http: httpx.AsyncClient, ada: Player, bob: Player) -> str:  # noqa: F811
    lobby = (
        await http.post("/api/v1/lobbies", headers=ada.auth, json={"game": "high-card", "seats": 2})
    ).json()
    base = f"/api/v1/lobbies/{lobby['id']}"
    assert (await http.post(base + "/join", headers=bob.auth, json={})).status_code == 200
    await http.post(base + "/ready", headers=bob.auth, json={"ready": True})
    started = await http.post(base + "/start", headers=ada.auth)
    assert started.status_code == 200, started.text
    return str(started.json()["match_id"])


async def _watching(
    app: FastAPI,
    http: httpx.AsyncClient,  # noqa: F811
    player: Player,
) -> tuple[str, Player, InProcessSocket, dict[str, Any]]:
    """A match of `player` (seat 0) against Bob, and `player`'s socket on it past its first
    envelope: the match, Bob, the socket and that envelope."""
    bob = await new_player(http, "Bob")
    match_id = await _match_of(http, player, bob)
    socket = await match_socket(app, match_id, player)
    return match_id, bob, socket, await socket.until("envelope")


async def _session_id(http: httpx.AsyncClient, device: Player) -> str:  # noqa: F811
    sessions = (await http.get("/api/v1/sessions", headers=device.auth)).json()
    return str(next(s["id"] for s in sessions if s["current"]))


async def _signed_out(socket: InProcessSocket) -> list[str]:
    """Every error code the socket was sent until it closed; the close must be 4001."""
    codes: list[str] = []
    while True:
        try:
            frame = await socket.receive()
        except Exception as closed:
            assert getattr(closed, "code", None) == SIGNED_OUT, closed
            return codes
        if frame["type"] == "error":
            codes.append(frame["code"])


async def test_a_device_signed_out_loses_its_socket_and_its_frames_act_no_more(
    app: FastAPI,
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    phone = await claimed(http, "Ada", "ada")
    desktop = await sign_in(http, "ada")
    match_id, _bob, socket, shown = await _watching(app, http, phone)
    assert shown["seat"] == 0 and shown["view"]["hand"]  # a private hand, until now
    ended = await http.delete(
        f"/api/v1/sessions/{await _session_id(http, phone)}", headers=desktop.auth
    )
    assert ended.status_code == 204
    mine = await envelope(http, match_id, desktop)  # the same seat, still signed in here
    socket.send(
        {"type": "act", "action": mine["legal_actions"][0] if mine["legal_actions"] else {}}
        | {"version": mine["version"], "id": "after-sign-out"}
    )
    codes = await _signed_out(socket)
    assert codes and set(codes) == {"auth/revoked"}
    after = await envelope(http, match_id, desktop)
    assert after["version"] == mine["version"], "a frame of a revoked token acted"
    assert code(await http.get("/api/v1/players/me", headers=phone.auth)) == (401, "auth/invalid")
    # A new socket with the old token is refused at its hello.
    again = await match_socket(app, match_id, phone)
    assert (await again.until("error"))["code"] == "auth/invalid"
    assert await again.closed_code() == 1008


async def test_a_password_change_closes_the_other_devices_match_and_lobby_sockets(
    app: FastAPI,
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    phone = await claimed(http, "Ada", "ada")
    desktop = await sign_in(http, "ada")
    bob = await new_player(http, "Bob")
    match_id = await _match_of(http, phone, bob)
    lobby = (
        await http.post(
            "/api/v1/lobbies", headers=phone.auth, json={"game": "high-card", "seats": 2}
        )
    ).json()
    on_match = await match_socket(app, match_id, phone)
    await on_match.until("envelope")
    on_lobby = await lobby_socket(app, lobby["id"], phone)
    assert (await on_lobby.until("lobby"))["invite_code"]  # a member's view
    desktop_socket = await match_socket(app, match_id, desktop)
    await desktop_socket.until("envelope")
    changed = await http.put(
        "/api/v1/players/me/account/password",
        headers=desktop.auth,
        json={"old_password": PASSWORD, "new_password": "an entirely new passphrase"},
    )
    assert changed.status_code == 200, changed.text
    assert await _signed_out(on_match) == ["auth/revoked"]
    assert await _signed_out(on_lobby) == ["auth/revoked"]
    # The device that changed the password keeps its socket: it is pushed the next change.
    desktop_socket.send({"type": "ping"})
    assert (await desktop_socket.until("pong"))["type"] == "pong"
    await desktop_socket.close()


async def test_renewing_a_token_closes_what_the_old_token_opened(
    app: FastAPI,
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    phone = await claimed(http, "Ada", "ada")
    match_id, _bob, socket, _shown = await _watching(app, http, phone)
    renewed = await http.post("/api/v1/sessions/renew", headers=phone.auth)
    assert renewed.status_code == 200
    assert await _signed_out(socket) == ["auth/revoked"]
    fresh = Player(phone.id, phone.name, renewed.json()["token"])
    reopened = await match_socket(app, match_id, fresh)
    assert (await reopened.until("envelope"))["seat"] == 0
    await reopened.close()


async def test_an_admin_ends_a_guest_everywhere(
    app: FastAPI,
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    gus = await new_player(http, "Gus")
    match_id, bob, socket, _shown = await _watching(app, http, gus)
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    ended = await http.post(f"/api/v1/admin/players/{gus.id}/sign_out", headers=admin)
    assert ended.json() == {"sessions_ended": 0, "guest_token_ended": True}
    assert await _signed_out(socket) == ["auth/revoked"]
    assert code(await http.get("/api/v1/players/me", headers=gus.auth)) == (401, "auth/invalid")
    again = await http.post(f"/api/v1/admin/players/{gus.id}/sign_out", headers=admin)
    assert again.json() == {"sessions_ended": 0, "guest_token_ended": False}
    # Bob, at the same table, keeps his socket and his seat.
    bob_socket = await match_socket(app, match_id, bob)
    assert (await bob_socket.until("envelope"))["seat"] == 1
    await bob_socket.close()


async def test_an_admin_ends_every_device_of_an_account(
    app: FastAPI,
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    phone = await claimed(http, "Ada", "ada")
    desktop = await sign_in(http, "ada")
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    ended = await http.post(f"/api/v1/admin/players/{phone.id}/sign_out", headers=admin)
    assert ended.json() == {"sessions_ended": 2, "guest_token_ended": False}
    for device in (phone, desktop):
        assert code(await http.get("/api/v1/players/me", headers=device.auth))[0] == 401
    assert (await sign_in(http, "ada")).id == phone.id  # the owner signs in again
    unknown = await http.post("/api/v1/admin/players/nobody/sign_out", headers=admin)
    assert code(unknown) == (404, "player/not_found")


async def test_a_revoked_token_cached_by_a_socket_cannot_act_even_before_the_close(
    app: FastAPI,
    http: httpx.AsyncClient,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each act asks whether its token still names someone: a frame that arrives between the
    revocation and the close (the watcher not yet run) is refused, not applied."""
    from app.realtime.frames import ClientSocket

    async def never_closes(self: ClientSocket, token_hash: str) -> None:
        return None

    monkeypatch.setattr(ClientSocket, "_close_when_signed_out", never_closes)
    phone = await claimed(http, "Ada", "ada")
    desktop = await sign_in(http, "ada")
    match_id, bob, socket, _shown = await _watching(app, http, phone)
    mine = await envelope(http, match_id, desktop)
    if not mine["legal_actions"]:  # Bob leads: let him, so the phone's seat may act
        bobs = await envelope(http, match_id, bob)
        await http.post(
            f"/api/v1/matches/{match_id}/actions",
            headers=bob.auth,
            json={"action": bobs["legal_actions"][0]},
        )
        mine = await envelope(http, match_id, desktop)
    await http.delete(f"/api/v1/sessions/{await _session_id(http, phone)}", headers=desktop.auth)
    socket.send({"type": "act", "action": mine["legal_actions"][0], "id": "late"})
    refused = await socket.until("error")
    assert (refused["code"], refused["id"]) == ("auth/revoked", "late")
    assert (await envelope(http, match_id, desktop))["version"] == mine["version"]
    await socket.close()

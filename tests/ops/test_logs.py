"""The server's log, read as an operator's log shipper reads it: a whole match played through a
real server process, then every line it wrote checked.

Each line is one JSON object; each request has one line (route template, status, duration,
request id) and each action one (match, seat, kind, version, outcome, duration); uvicorn's
access line does not repeat the request line; and no line holds a token, the invite code or a
card: cards sit in hands unseen, and an action's payload is never written.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tests.ops.logged_processes import uvicorn_server

pytestmark = pytest.mark.slow

ADMIN_TOKEN = "logs-admin-token-of-at-least-32-characters"
REQUEST_ID = "support-ticket-4711"
# Fox in the Forest's cards are "<suit>-<rank>": none may ever appear in a line.
CARD = re.compile(r"(?<![\w-])(?:bells|keys|moons)-\d{1,2}(?!\d)")
ACTIONS = "/api/v1/matches/{match_id}/actions"


def _lines(log: Path) -> list[dict[str, Any]]:
    text = log.read_text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]


async def _player(http: httpx.AsyncClient, name: str) -> dict[str, str]:
    body = (await http.post("/api/v1/players", json={"name": name})).json()
    return {"id": body["id"], "token": body["token"]}


def _auth(player: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {player['token']}"}


async def _private_match(
    http: httpx.AsyncClient, base: str, ada: dict[str, str], bob: dict[str, str]
) -> tuple[str, str]:
    """A private table (the old invite link and a lobby socket with a token in its query
    string are used too, as old clients do); the match id and the invite code."""
    lobby = (
        await http.post(
            "/api/v1/lobbies",
            headers=_auth(ada),
            json={
                "game": "fox-in-the-forest",
                "seats": 2,
                "private": True,
                "options": {"target_score": 16},
            },
        )
    ).json()
    code = lobby["invite_code"]
    assert (await http.get(f"/lobby/{lobby['id']}?code={code}")).status_code == 200
    lobby_ws = base.replace("http", "ws") + f"/api/v1/lobbies/{lobby['id']}/ws?token={ada['token']}"
    async with websockets.connect(lobby_ws) as socket:
        await socket.recv()
    path = f"/api/v1/lobbies/{lobby['id']}"
    joined = await http.post(f"{path}/join", headers=_auth(bob), json={"invite_code": code})
    assert joined.status_code == 200, joined.text
    await http.post(f"{path}/ready", headers=_auth(bob), json={"ready": True})
    started = await http.post(f"{path}/start", headers=_auth(ada))
    return str(started.json()["match_id"]), str(code)


async def _play_to_the_end(
    http: httpx.AsyncClient, match_id: str, players: list[dict[str, str]]
) -> tuple[int, int]:
    """Every move by REST until the match is over; (moves applied, moves refused)."""
    applied = refused = 0
    while True:
        state = await http.get(f"/api/v1/matches/{match_id}/state", headers=_auth(players[0]))
        if state.json()["status"] != "active":
            return applied, refused
        seat = state.json()["to_act"][0]
        mover, waiting = players[seat], players[1 - seat]
        mine = (await http.get(f"/api/v1/matches/{match_id}/state", headers=_auth(mover))).json()
        action = mine["legal_actions"][0]
        url = f"/api/v1/matches/{match_id}/actions"
        if refused == 0:  # once: the other player tries to move out of turn
            out_of_turn = await http.post(url, headers=_auth(waiting), json={"action": action})
            assert out_of_turn.status_code == 409, out_of_turn.text
            refused += 1
        headers = _auth(mover) | ({"X-Request-ID": REQUEST_ID} if applied == 0 else {})
        moved = await http.post(url, headers=headers, json={"action": action})
        assert moved.status_code == 200, moved.text
        if applied == 0:
            assert moved.headers["X-Request-ID"] == REQUEST_ID
        applied += 1


async def test_a_whole_match_leaves_one_line_per_request_and_action_and_no_secret(
    tmp_path: Path,
) -> None:
    log = tmp_path / "server.log"
    env = {
        "FOXDEN_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}",
        "FOXDEN_AUTO_MIGRATE": "true",
        "FOXDEN_ADMIN_TOKEN": ADMIN_TOKEN,
        "FOXDEN_RATE_PER_MINUTE": "100000",
        "FOXDEN_LOG_FORMAT": "json",
    }
    with uvicorn_server(env, log) as base:
        async with httpx.AsyncClient(base_url=base, timeout=10) as http:
            ada, bob = await _player(http, "Ada"), await _player(http, "Bob")
            match_id, code = await _private_match(http, base, ada, bob)
            applied, refused = await _play_to_the_end(http, match_id, [ada, bob])
            fresh = await http.get("/healthz")
            assert len(fresh.headers["X-Request-ID"]) >= 16  # made up when none was sent
            raw = await http.get(
                f"/api/v1/admin/matches/{match_id}/state",
                headers={"Authorization": f"Bearer {ADMIN_TOKEN}"},
            )
            assert CARD.search(json.dumps(raw.json()["state"]))  # the match had cards...
    lines = _lines(log)  # every line is one JSON object
    text = log.read_text()
    for secret in (ada["token"], bob["token"], code, ADMIN_TOKEN):
        assert secret not in text
    assert not CARD.search(text), CARD.search(text)  # ...and no line names one

    requests = [line for line in lines if line.get("logger") == "foxden.request"]
    posts = [r for r in requests if r["route"] == ACTIONS and r["method"] == "POST"]
    assert len(posts) == applied + refused
    assert {r["status"] for r in posts} == {200, 409}
    assert all(r["request_id"] and r["duration_ms"] >= 0 for r in requests)
    assert any(r["route"] == "/lobby/{lobby_id}" for r in requests)
    assert any(
        r["route"] == "/api/v1/lobbies/{lobby_id}/ws" and r["method"] == "WS" for r in requests
    )
    assert not any(line.get("logger") == "uvicorn.access" for line in lines)

    actions = [line for line in lines if line.get("logger") == "foxden.action"]
    assert [a["version"] for a in actions if a["outcome"] == "applied"] == list(
        range(1, applied + 1)
    )
    assert all(a["match_id"] == match_id and a["actor"] == "player" for a in actions)
    assert {a["outcome"] for a in actions} == {"applied", "action/not_your_turn"}
    assert all(isinstance(a["action"], str) and a["duration_ms"] >= 0 for a in actions)
    first = next(a for a in actions if a["outcome"] == "applied")
    assert first["request_id"] == REQUEST_ID and first["seat"] in (0, 1)
    assert any(r["request_id"] == REQUEST_ID and r["route"] == ACTIONS for r in requests)

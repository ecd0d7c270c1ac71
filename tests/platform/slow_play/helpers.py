"""A slow high-card table between Ada and Bob, and reading its clocks."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx

from tests.platform.helpers import Player, new_player

HOUR = 3600


async def start_slow_match(
    http: httpx.AsyncClient, move_seconds: int, bank_seconds: int, tricks: int = 3
) -> tuple[Player, Player, str]:
    """Ada and Bob at a slow high-card table; Ada leads."""
    ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
    created = await http.post(
        "/api/v1/lobbies",
        headers=ada.auth,
        json={
            "game": "high-card",
            "seats": 2,
            "options": {"tricks": tricks},
            "slow_clock": {"move_seconds": move_seconds, "bank_seconds": bank_seconds},
        },
    )
    assert created.status_code == 201, created.text
    lobby = created.json()
    await http.post(f"/api/v1/lobbies/{lobby['id']}/join", headers=bob.auth, json={})
    await http.post(f"/api/v1/lobbies/{lobby['id']}/ready", headers=bob.auth, json={})
    started = await http.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=ada.auth)
    assert started.status_code == 200, started.text
    return ada, bob, str(started.json()["match_id"])


async def set_hours(
    http: httpx.AsyncClient, player: Player, zone: str, start: str, end: str
) -> httpx.Response:
    return await http.put(
        "/api/v1/players/me/clock",
        headers=player.auth,
        json={"time_zone": zone, "playing_hours": {"start": start, "end": end}},
    )


def seat_clock(envelope: dict[str, Any], seat: int) -> dict[str, Any]:
    clock = envelope["clock"]
    assert clock is not None, "not a slow table"
    return dict(clock["seats"][seat])


def when(text: str | None) -> datetime:
    assert text is not None
    return datetime.fromisoformat(text)

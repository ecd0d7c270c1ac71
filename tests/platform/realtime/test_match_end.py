"""A socket or stream on a match that is over says so and ends (app/realtime/match_end.py).

Before, both stayed open forever on a finished match: a bot could not tell "over" from "quiet"
without reading `status` in every envelope, and every finished table kept its listeners.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI

from app.core.config import Settings
from app.server.migrate import upgrade
from tests.platform.helpers import Player, act, envelope, new_player, start_match
from tests.platform.live_server import serving
from tests.platform.realtime.test_websockets import (  # noqa: F401 (fixtures)
    InProcessSocket,
    app,
    http,
    match_socket,
    new_match,
)


async def _play_to_the_end(
    client: httpx.AsyncClient, match_id: str, players: list[Player]
) -> dict[str, Any]:
    """Each seat to act plays its first legal action over REST; the final envelope."""
    seen = await envelope(client, match_id, players[0])
    while seen["status"] == "active":
        player = players[seen["to_act"][0]]
        mine = await envelope(client, match_id, player)
        answer = await act(client, match_id, player, mine["legal_actions"][0])
        assert answer.status_code == 200, answer.text
        seen = answer.json()
    return seen


async def test_a_socket_ends_with_an_end_frame_and_a_normal_close(
    app: FastAPI,  # noqa: F811
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    ada, bob, match_id = await new_match(http)
    seated = await match_socket(app, match_id, ada)
    spectator = await match_socket(app, match_id, None, address="10.0.0.9")
    for socket in (seated, spectator):
        assert (await socket.until("envelope"))["status"] == "active"
    final = await _play_to_the_end(http, match_id, [ada, bob])
    for socket in (seated, spectator):
        last = await socket.until("end")
        assert last == {
            "type": "end",
            "match_id": match_id,
            "version": final["version"],
            "status": "finished",
            "outcome": final["outcome"],
        }
        assert await socket.closed_code() == 1000

    late = await match_socket(app, match_id, bob)  # a match already over: the same ending
    assert (await late.receive())["version"] == final["version"]
    assert (await late.receive())["type"] == "end"
    assert await late.closed_code() == 1000


async def test_an_event_stream_ends_with_an_end_event(tmp_path: Path, with_high_card: None) -> None:
    from app.server.main import create_app

    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    upgrade(url)
    with serving(create_app(Settings(database_url=url, rate_per_minute=100_000))) as base:
        async with httpx.AsyncClient(base_url=base, timeout=httpx.Timeout(10, read=30)) as client:
            ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
            match_id = await start_match(client, ada, [bob])
            path = f"/api/v1/matches/{match_id}/stream"
            async with client.stream("GET", path, headers=ada.auth) as stream:
                lines = stream.aiter_lines()
                while not (await anext(lines)).startswith("event: envelope"):
                    pass
                final = await _play_to_the_end(client, match_id, [ada, bob])
                rest = [line async for line in lines]  # read until the server ends it
            end = rest.index("event: end")
            assert rest[end - 1] == f"id: {final['version']}"
            assert rest[end + 1].startswith('data: {"type":"end"')
            # The final envelope came first, with the same version as its id.
            assert f"id: {final['version']}" in rest[: end - 1]

            ended = await client.get(path, headers=bob.auth)  # already over: both, and the end
            assert ended.text.count("event: envelope") == 1
            assert ended.text.rstrip("\n").split("\n")[-2] == "event: end"

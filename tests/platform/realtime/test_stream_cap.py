"""Event streams count against the same per-match cap as sockets: one player could open 60
streams on a match before, each one pushed every change."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import httpx

from app.core.config import Settings
from app.server.migrate import upgrade
from tests.platform.accounts.helpers import code
from tests.platform.helpers import Player, new_player, start_match
from tests.platform.live_server import serving

CAP = 3


OPEN: list[AsyncIterator[str]] = []  # each open stream's reader: dropping one closes it


async def _open_stream(http: httpx.AsyncClient, path: str, player: Player) -> httpx.Response:
    """A stream whose first event was read, left open (the caller closes it)."""
    request = http.build_request("GET", path, headers=player.auth)
    response = await http.send(request, stream=True)
    if response.status_code != 200:
        await response.aread()  # a refusal: its body is the error
        return response
    lines = response.aiter_lines()
    while not (await anext(lines)).startswith("event: envelope"):
        pass
    OPEN.append(lines)
    return response


async def test_a_player_holds_a_bounded_number_of_streams_and_sockets_per_match(
    tmp_path: Path, with_high_card: None
) -> None:
    from app.server.main import create_app

    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    upgrade(url)
    settings = Settings(database_url=url, rate_per_minute=100_000, ws_sockets_per_match=CAP)
    with serving(create_app(settings)) as base:
        timeout = httpx.Timeout(10.0, read=30.0)
        async with httpx.AsyncClient(base_url=base, timeout=timeout) as http:
            ada = await new_player(http, "Ada")
            bob = await new_player(http, "Bob")
            match_id = await start_match(http, ada, [bob])
            path = f"/api/v1/matches/{match_id}/stream"
            streams = [await _open_stream(http, path, ada) for _ in range(CAP)]
            assert [s.status_code for s in streams] == [200] * CAP
            refused = await _open_stream(http, path, ada)
            assert code(refused) == (429, "rate/too_many_sockets")
            assert int(refused.headers["retry-after"]) > 0
            # Another player's streams are counted apart.
            assert (await _open_stream(http, path, bob)).status_code == 200
            # A stream that ends gives its slot back.
            await streams.pop().aclose()
            for _ in range(100):
                again = await _open_stream(http, path, ada)
                if again.status_code == 200:
                    break
                await asyncio.sleep(0.05)  # the server notices the closed stream
            assert again.status_code == 200
            for stream in [*streams, again]:
                await stream.aclose()
            OPEN.clear()

"""A process that dies (SIGKILL: no clean-up at all) stops counting its sockets as connected."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import pytest

from tests.platform.client import ApiClient, MatchSocket, open_table
from tests.servers import Server, running

pytestmark = pytest.mark.slow
HANG = 60  # seconds before waiting for a state that never comes fails the test


async def _until(server: Server, match_id: str, wanted: Callable[[list[bool]], bool]) -> list[bool]:
    """Wait until the seats' "connected" flags, as `server` reports them, are as wanted."""
    viewer = ApiClient(server.url)

    async def poll() -> list[bool]:
        while True:
            summary = await viewer.ok("GET", f"/api/v1/matches/{match_id}")
            connected = [seat["connected"] for seat in summary["seats"]]
            if wanted(connected):
                return connected
            await asyncio.sleep(0.1)

    return await asyncio.wait_for(poll(), HANG)


async def test_the_sockets_of_a_killed_process_stop_counting(
    postgres_base_url: str, redis_url: str
) -> None:
    env = {
        "FOXDEN_DATABASE_URL": postgres_base_url,
        "FOXDEN_REDIS_URL": redis_url,
        "FOXDEN_PRESENCE_TTL_SECONDS": "2",
    }
    with running(env) as one, running(env) as two:
        ada = await ApiClient.register(one.url, "Ada")
        bob = await ApiClient.register(two.url, "Bob")
        match_id = await open_table(ada, [bob], "high-card")
        ada_socket = await MatchSocket.open(one.ws_url, match_id, ada.token)
        bob_socket = await MatchSocket.open(two.ws_url, match_id, bob.token)
        try:
            await _until(two, match_id, lambda connected: connected == [True, True])
            assert one.process is not None
            one.process.kill()  # SIGKILL: Ada's socket is never closed by its process
            one.process.wait()
            # Bob's process keeps its own count alive; Ada's lapses with the dead process.
            assert await _until(two, match_id, lambda c: not c[0]) == [False, True]
        finally:
            for socket in (ada_socket, bob_socket):
                with contextlib.suppress(Exception):
                    await socket.close()

"""nginx (deploy/nginx.conf) sends every socket of a match to one process, the one that holds
it in memory: both seats of each match are counted as present by the same process, while the
matches themselves spread over both processes. A move then reaches every seat without a replay
on another process (docs/performance.md)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest
import redis.asyncio as aioredis
import websockets

from app.realtime.presence_store import _presence_key, _process_of
from tests.ops.nginx import Nginx
from tests.ops.processes import FoxdenServer
from tests.platform.client import ApiClient, open_table

pytestmark = pytest.mark.slow
FOXDEN = Path(sys.executable).parent / "foxden"
MATCHES = 8


async def _seated(ws_url: str, match_id: str, token: str) -> websockets.ClientConnection:
    socket = await websockets.connect(f"{ws_url}/api/v1/matches/{match_id}/ws")
    await socket.send(json.dumps({"type": "hello", "token": token}))
    first = json.loads(await socket.recv())
    assert first["type"] == "envelope" and first["seat"] is not None
    return socket


async def _presence_holders(url: str, match_id: str) -> set[str]:
    """The processes that count a seat of the match as connected (Redis presence fields)."""
    client = aioredis.Redis.from_url(url, decode_responses=True)
    try:
        fields = await client.hgetall(_presence_key("match:" + match_id))
    finally:
        await client.aclose()
    return {
        _process_of(field if isinstance(field, str) else field.decode())
        for field, count in fields.items()
        if int(count) > 0
    }


async def test_both_seats_of_a_match_meet_on_one_process(
    tmp_path: Path, postgres_base_url: str, redis_url: str
) -> None:
    env = {
        "FOXDEN_DATABASE_URL": postgres_base_url,
        "FOXDEN_REDIS_URL": redis_url,
        "FOXDEN_TRUSTED_PROXIES": "127.0.0.1",
        "FOXDEN_RATE_PER_MINUTE": "1000000",
    }
    servers = [FoxdenServer(env, FOXDEN), FoxdenServer(env, FOXDEN)]
    proxy = Nginx(
        tmp_path / "nginx", (f"127.0.0.1:{servers[0].port}", f"127.0.0.1:{servers[1].port}")
    )
    sockets: list[websockets.ClientConnection] = []
    try:
        for server in servers:
            await asyncio.to_thread(server.start)
        await asyncio.to_thread(proxy.start)
        holders = []
        for number in range(MATCHES):
            ada = await ApiClient.register(proxy.url, f"Ada {number}")
            bob = await ApiClient.register(proxy.url, f"Bob {number}")
            match_id = await open_table(ada, [bob], "fox-in-the-forest")
            for player in (ada, bob):
                sockets.append(await _seated(proxy.ws_url, match_id, player.token))
            holders.append(await _presence_holders(redis_url, match_id))
        assert all(len(held) == 1 for held in holders), holders
        assert len(set().union(*holders)) == 2, "the matches spread over both processes"
    finally:
        for socket in sockets:
            await socket.close()
        proxy.stop()
        for server in servers:
            server.stop()

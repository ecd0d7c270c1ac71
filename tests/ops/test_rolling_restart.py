"""Two app processes on Postgres + Redis behind nginx (deploy/nginx.conf); players on REST,
WebSocket and server-sent events play whole matches through the proxy while each process in
turn is stopped with SIGTERM and started again. Every match ends, and its history holds
exactly the moves its players were acknowledged: nothing lost, nothing applied twice."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

import httpx
import pytest

from tests.ops.nginx import Nginx
from tests.ops.processes import FoxdenServer
from tests.ops.sse_seat import SseSeat
from tests.platform.client import ApiClient, open_table
from tests.reliability.history import check_history
from tests.reliability.players import Move, RestSeat, Seat, SocketSeat, Table, play

pytestmark = pytest.mark.slow
ADMIN_TOKEN = "rolling-restart-admin-token-of-32-chars"
MATCHES = 6
RESTART_EVERY = 40  # acknowledged moves between restarts: a match takes about 95
# Moves acknowledged while a process is down (served by the other one) before the rest wait
# for it to be back: on a slow machine a start may take longer than a whole match.
WHILE_DOWN = 30
FOXDEN = Path(sys.executable).parent / "foxden"
# Each match puts its two players on two of the three ways in.
TRANSPORTS = [("rest", "socket"), ("socket", "sse"), ("sse", "rest")]


class RollingRestart:
    """After every RESTART_EVERY acknowledged moves: SIGTERM one process (the next in turn),
    wait for its exit, start it again. Counts the matches still running at each stop. Play
    goes on while a process stops and starts, WHILE_DOWN moves at most, so every stop comes
    mid-match however slowly the machine stops and starts a process."""

    def __init__(self, servers: list[FoxdenServer]) -> None:
        self.servers = servers
        self.acks = 0
        self.exit_codes: list[int] = []
        self.running_at_stop: list[int] = []
        self.due = asyncio.Event()
        self.serving = asyncio.Event()  # clear while a process is down
        self.serving.set()
        self.down_since = 0  # self.acks when the process went down

    async def sending(self) -> None:
        if not self.serving.is_set() and self.acks - self.down_since >= WHILE_DOWN:
            await self.serving.wait()

    def acknowledged(self, move: Move, seconds: float) -> None:
        self.acks += 1
        if self.acks % RESTART_EVERY == 0:
            self.due.set()

    async def run(self, matches: list[asyncio.Task[None]]) -> None:
        for server in self.servers:  # each process once: a rolling restart
            self.due.clear()
            await self.due.wait()
            self.running_at_stop.append(sum(1 for match in matches if not match.done()))
            # From the SIGTERM on: a graceful stop can take seconds on a busy machine, and the
            # matches the other process owns must not play to their end meanwhile.
            self.down_since = self.acks
            self.serving.clear()
            self.exit_codes.append(await asyncio.to_thread(server.terminate))
            await asyncio.to_thread(server.start)
            self.serving.set()


def _seat(kind: str, http: httpx.AsyncClient, proxy: Nginx, table: Table, seat: int) -> Seat:
    token = table.tokens[seat]
    if kind == "rest":
        return RestSeat(http, table.match_id, token)
    if kind == "sse":
        return SseSeat(http, table.match_id, token)
    return SocketSeat(proxy.ws_url, table.match_id, token)


async def _tables(proxy: Nginx) -> list[Table]:
    tables = []
    for number in range(MATCHES):
        ada = await ApiClient.register(proxy.url, f"Ada {number}")
        bob = await ApiClient.register(proxy.url, f"Bob {number}")
        match_id = await open_table(ada, [bob], "fox-in-the-forest", {"target_score": 16})
        tables.append(Table(match_id, [ada.token, bob.token]))
    return tables


async def test_a_rolling_restart_behind_nginx_loses_no_move(
    tmp_path: Path, postgres_base_url: str, redis_url: str
) -> None:
    env = {
        "FOXDEN_DATABASE_URL": postgres_base_url,
        "FOXDEN_REDIS_URL": redis_url,
        "FOXDEN_ADMIN_TOKEN": ADMIN_TOKEN,
        "FOXDEN_TRUSTED_PROXIES": "127.0.0.1",
        "FOXDEN_RATE_PER_MINUTE": "1000000",
    }
    servers = [FoxdenServer(env, FOXDEN), FoxdenServer(env, FOXDEN)]
    upstreams = (f"127.0.0.1:{servers[0].port}", f"127.0.0.1:{servers[1].port}")
    proxy = Nginx(tmp_path / "nginx", upstreams)
    proxy.check()
    try:
        for server in servers:
            await asyncio.to_thread(server.start)
        await asyncio.to_thread(proxy.start)
        tables = await _tables(proxy)
        restarts = RollingRestart(servers)
        rng = random.Random(15)
        async with httpx.AsyncClient(base_url=proxy.url, timeout=15) as http:
            seats = [
                [_seat(kind, http, proxy, table, s) for s, kind in enumerate(TRANSPORTS[n % 3])]
                for n, table in enumerate(tables)
            ]
            matches = [
                asyncio.create_task(play(table, table_seats, rng, restarts))
                for table, table_seats in zip(tables, seats, strict=True)
            ]
            restarter = asyncio.create_task(restarts.run(matches))
            await asyncio.gather(*matches)
            assert restarter.done(), f"only {len(restarts.exit_codes)} of 2 restarts happened"
            await restarter
            for table_seats in seats:
                for seat in table_seats:
                    await seat.close()
            verified = [await check_history(http, table, ADMIN_TOKEN) for table in tables]
        assert restarts.exit_codes == [0, 0], "SIGTERM is a clean exit"
        assert restarts.running_at_stop == [MATCHES, MATCHES], "every stop came mid-match"
        assert all(count == len(t.moves) for count, t in zip(verified, tables, strict=True))
        reconnected = [
            seat.reconnects if isinstance(seat, SocketSeat) else seat.streams - 1
            for table_seats in seats
            for seat in table_seats
            if isinstance(seat, SocketSeat | SseSeat)
        ]
        # Every socket and stream lived through both restarts: each reconnected at least once.
        assert all(count >= 1 for count in reconnected), reconnected
    finally:
        proxy.stop()
        for server in servers:
            server.stop()

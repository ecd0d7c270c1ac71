"""Idle connection benchmark: server memory per open WebSocket.

Starts one server process (SQLite), opens a few public matches, connects many WebSockets that
say hello as spectators and then stay idle, and reports the server's resident memory before
and after, per connection. The target: 10,000 idle sockets in one process in at most 1.5 GiB.

    python -m benchmarks.sockets [--sockets 10000] [--matches 50] [--runs 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import uuid
from typing import Any

import websockets

from benchmarks.load import rss_kib
from tests.support.child_server import ChildServer
from tests.support.client import ApiClient, open_table

LIMITS = {
    "FOXDEN_RATE_PER_MINUTE": "100000000",
    # Every socket here comes from one address; the per-address socket cap would refuse them.
    "FOXDEN_WS_SOCKETS_PER_MATCH": "1000000",
}


def _raise_open_files(wanted: int) -> None:
    """The client and the server (a child, it inherits the limit) each hold one fd a socket."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, wanted)), hard))


async def _watch(url: str, match_id: str) -> Any:
    connection = await websockets.connect(f"{url}/api/v1/matches/{match_id}/ws", max_queue=4)
    await connection.send(json.dumps({"type": "hello", "token": None}))
    await connection.recv()  # the first envelope: the socket is fully set up
    return connection


async def one_run(sockets: int, matches: int) -> dict[str, float]:
    url = f"sqlite+aiosqlite:////tmp/foxden-sockets-{uuid.uuid4().hex[:8]}.db"
    server = ChildServer({"FOXDEN_DATABASE_URL": url, "FOXDEN_AUTO_MIGRATE": "true", **LIMITS})
    server.start()
    try:
        assert server.process is not None
        ids = []
        for i in range(matches):
            a = await ApiClient.register(server.url, f"A{i}")
            b = await ApiClient.register(server.url, f"B{i}")
            ids.append(await open_table(a, [b], "fox-in-the-forest"))
        before = rss_kib(server.process.pid)
        opened = []
        for start in range(0, sockets, 200):  # in waves, as a crowd arrives
            wave = range(start, min(sockets, start + 200))
            opened += await asyncio.gather(*[_watch(server.ws_url, ids[i % matches]) for i in wave])
        await asyncio.sleep(1)  # let the server settle what it allocated for the wave
        after = rss_kib(server.process.pid)
        for connection in opened:
            await connection.close()
        return {
            "sockets": len(opened),
            "server_mib": after / 1024,
            "kib_per_socket": (after - before) / len(opened),
        }
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sockets", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    _raise_open_files(args.sockets * 2 + 1_000)
    results = []
    for _ in range(args.runs):
        results.append(asyncio.run(one_run(args.sockets, args.matches)))
        print({key: round(value, 1) for key, value in results[-1].items()})
    medians = {key: statistics.median(r[key] for r in results) for key in results[0]}
    print(
        f"median of {args.runs} runs: {medians['sockets']:.0f} idle WebSockets in one process, "
        f"{medians['server_mib']:.0f} MiB resident, {medians['kib_per_socket']:.1f} KiB each"
    )


if __name__ == "__main__":
    main()

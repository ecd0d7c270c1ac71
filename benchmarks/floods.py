"""Flood benchmark: how fast one player's flooding sockets are closed, and what the others feel.

Starts one server process (SQLite, the default limits), has one player open 20 sockets over
three matches and write 5,000 pings on each at once (raw frames, one write per socket), while
a bystander in another match pings once every 50 ms. Reports, per run and as medians of the
runs: the time from the first flood frame until the last of the 20 sockets is closed (target:
under a second), the pongs the server sent before closing them, and the bystander's ping round
trip (p50, p99) during the flood.

    python -m benchmarks.floods [--runs 3] [--sockets 20] [--frames 5000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
import uuid
from typing import Any

import websockets
from websockets.exceptions import ConnectionClosed

from benchmarks.load import _percentile
from tests.support.child_server import ChildServer
from tests.support.client import ApiClient, open_table

BYSTANDER_PAUSE = 0.05  # 20 pings a second: within the default rate limit


async def _socket(url: str, match_id: str, token: str) -> Any:
    connection = await websockets.connect(f"{url}/api/v1/matches/{match_id}/ws")
    await connection.send(json.dumps({"type": "hello", "token": token, "version": None}))
    await connection.recv()  # the first envelope
    return connection


def _ping_frames(count: int) -> bytes:
    """`count` masked text frames holding a ping, ready to write in one go. A client must mask
    its frames; a zero mask key leaves the payload as it is. Writing them at once keeps the
    flooding client's own CPU out of the measurement: sending 100,000 frames one by one through
    the client library takes longer than the server needs to close the sockets."""
    payload = json.dumps({"type": "ping"}).encode()
    assert len(payload) < 126
    return (bytes([0x81, 0x80 | len(payload)]) + b"\0\0\0\0" + payload) * count


async def _flood(connection: Any, frames: bytes, started: float) -> tuple[float, int]:
    """Write the frames; (seconds until the server closed the socket, pongs received)."""
    connection.transport.write(frames)
    pongs = 0
    try:
        while True:
            frame = json.loads(await connection.recv())
            pongs += frame["type"] == "pong"
    except ConnectionClosed:
        return time.perf_counter() - started, pongs


async def _bystander(connection: Any, stop: asyncio.Event) -> list[float]:
    trips = []
    while not stop.is_set():
        sent = time.perf_counter()
        await connection.send(json.dumps({"type": "ping"}))
        while json.loads(await connection.recv())["type"] != "pong":
            pass
        trips.append(time.perf_counter() - sent)
        await asyncio.sleep(BYSTANDER_PAUSE)
    return trips


async def one_run(sockets: int, frames: int) -> dict[str, float]:
    url = f"sqlite+aiosqlite:////tmp/foxden-floods-{uuid.uuid4().hex[:8]}.db"
    server = ChildServer({"FOXDEN_DATABASE_URL": url, "FOXDEN_AUTO_MIGRATE": "true"})
    server.start()
    try:
        flooder = await ApiClient.register(server.url, "Flooder")
        others = [await ApiClient.register(server.url, f"P{i}") for i in range(4)]
        # Three matches of the flooder's: 20 sockets stay under 8 per match.
        matches = [await open_table(flooder, [others[i]], "fox-in-the-forest") for i in range(3)]
        quiet = await open_table(others[3], [others[0]], "fox-in-the-forest")
        floods = [
            await _socket(server.ws_url, matches[i % 3], flooder.token) for i in range(sockets)
        ]
        bystander = await _socket(server.ws_url, quiet, others[3].token)
        stop = asyncio.Event()
        watching = asyncio.create_task(_bystander(bystander, stop))
        started = time.perf_counter()
        blob = _ping_frames(frames)
        outcomes = await asyncio.gather(*(_flood(c, blob, started) for c in floods))
        await asyncio.sleep(0.5)  # the bystander after the flood, too
        stop.set()
        trips = sorted(await watching)
        await bystander.close()
        return {
            "all_closed_s": max(seconds for seconds, _ in outcomes),
            "median_closed_s": statistics.median(seconds for seconds, _ in outcomes),
            "pongs": sum(pongs for _, pongs in outcomes),
            "bystander_p50_ms": _percentile(trips, 0.50),
            "bystander_p99_ms": _percentile(trips, 0.99),
        }
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sockets", type=int, default=20)
    parser.add_argument("--frames", type=int, default=5000)
    args = parser.parse_args()
    results = []
    for _ in range(args.runs):
        results.append(asyncio.run(one_run(args.sockets, args.frames)))
        print({key: round(value, 3) for key, value in results[-1].items()})
    medians = {key: statistics.median(r[key] for r in results) for key in results[0]}
    print(
        f"median of {args.runs} runs: {args.sockets} flooding sockets all closed after "
        f"{medians['all_closed_s']:.2f} s ({medians['pongs']:.0f} pongs sent first); "
        f"bystander ping p50 {medians['bystander_p50_ms']:.1f} ms, "
        f"p99 {medians['bystander_p99_ms']:.1f} ms"
    )


if __name__ == "__main__":
    main()

"""Claim-flood benchmark: what a bystander feels while 200 account claims arrive at once.

Starts one server process on a fresh Postgres database (the general request limit raised out of
the way, so the accounts' own limits and the hashing pool are what is measured), makes a
bystander guest that reads its game list (`GET /api/v1/players/me/matches`, a database read)
in a loop on one kept-alive connection, first on a quiet server, then while 200 guests claim
accounts at the same moment, each on its own connection (after a burst of reads that opened
the database pool's connections, as on a server in use). With `--spread`, each claim comes
from its own address (`X-Forwarded-For` through a trusted proxy), as from a botnet, so no
per-address limit holds them back and only the hashing pool does. Prints each run and the
medians over the runs: the bystander's read p50/p99 quiet and during the flood, their ratio
(target: p99 within 2x), how long the flood lasted and how the claims were answered. With
`--flood reads` the same number of plain reads arrive at once instead: what a burst of that
many requests costs the bystander with no hashing at all.

    python -m benchmarks.claims [--runs 3] [--claims 200] [--spread] [--flood claims|reads]
                                [--connections N]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import multiprocessing
import statistics
import time
import uuid
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as EventType
from typing import Any

import httpx

from app.server.migrate import upgrade
from benchmarks.load import _drop_postgres, _fresh_postgres, _percentile
from tests.support.child_server import ChildServer
from tests.support.client import ApiClient

QUIET_SECONDS = 3.0
READ_PAUSE = 0.01  # the bystander reads about 60 times a second (well within its own limit)
PASSWORD = "a long enough passphrase"
Args = argparse.Namespace
WARM_READS = 40  # more than the pool's 20 connections and 10 of overflow


def _bystander(base: str, token: str, stop: EventType, out: Queue[tuple[list[float], int]]) -> None:
    """Read times of one player reading its game list until `stop`, sorted; and how many of
    the reads failed (a 503 when the database pool ran dry is a read that waited too). It runs
    in a process of its own: in a thread of the flooding process it would wait for that
    process's interpreter lock, and the flooding client's work would count as the server's."""
    headers = {"Authorization": f"Bearer {token}"}
    reads, failed = [], 0
    with httpx.Client(base_url=base, headers=headers, timeout=60) as http:
        while not stop.is_set():
            sent = time.perf_counter()
            response = http.get("/api/v1/players/me/matches")
            reads.append(time.perf_counter() - sent)
            failed += response.status_code != 200
            stop.wait(READ_PAUSE)
    out.put((sorted(reads), failed))


async def _reads_while(base: str, token: str, work: asyncio.Future[Any]) -> tuple[list[float], int]:
    context = multiprocessing.get_context("spawn")
    stop, out = context.Event(), context.Queue()
    reader = context.Process(target=_bystander, args=(base, token, stop, out))
    reader.start()
    await work
    stop.set()
    result: tuple[list[float], int] = await asyncio.to_thread(out.get)
    await asyncio.to_thread(reader.join)
    return result


async def _claim(http: httpx.AsyncClient, guest: ApiClient, index: int, args: Args) -> int:
    headers = {**guest.headers}
    if args.spread:
        headers["X-Forwarded-For"] = f"10.{index // 250}.{index % 250}.1"
    if args.flood == "reads":
        return (await http.get("/api/v1/players/me", headers=headers)).status_code
    body = {"username": f"u{uuid.uuid4().hex[:12]}", "password": PASSWORD}
    response = await http.post("/api/v1/players/me/account", json=body, headers=headers)
    return response.status_code


async def _flood(base: str, guests: list[ApiClient], args: Args) -> collections.Counter[int]:
    """The claims from `--connections` connections, each sending its next claim as soon as the
    last is answered (default: every claim at once, each on a connection of its own). One
    client, so the TLS settings are built once, not per request: that CPU would be this
    process's, not the server's."""
    connections = min(args.connections or len(guests), len(guests))
    pending = iter(enumerate(guests))  # shared: each connection takes the next claim
    limits = httpx.Limits(max_connections=connections)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:

        async def one_connection() -> list[int]:
            return [await _claim(http, guest, index, args) for index, guest in pending]

        answers = await asyncio.gather(*(one_connection() for _ in range(connections)))
    return collections.Counter(status for statuses in answers for status in statuses)


async def _warm(base: str, token: str) -> None:
    """Reads at once, as many as the database pool holds: its connections are open then, as
    on a server that has been in use (opening 30 Postgres connections at once in the middle of
    the flood would be measured as the flood's cost)."""
    headers = {"Authorization": f"Bearer {token}"}
    limits = httpx.Limits(max_connections=WARM_READS)
    async with httpx.AsyncClient(base_url=base, headers=headers, limits=limits) as http:
        reads = (http.get("/api/v1/players/me/matches") for _ in range(WARM_READS))
        await asyncio.gather(*reads)


async def one_run(base: str, args: Args) -> dict[str, float]:
    bystander = await ApiClient.register(base, "Bystander")
    guests = [await ApiClient.register(base, f"G{i}") for i in range(args.claims)]
    await _warm(base, bystander.token)
    quiet, _ = await _reads_while(
        base, bystander.token, asyncio.ensure_future(asyncio.sleep(QUIET_SECONDS))
    )
    started = time.perf_counter()
    flood = asyncio.ensure_future(_flood(base, guests, args))
    loud, failed_reads = await _reads_while(base, bystander.token, flood)
    statuses = flood.result()
    return {
        "quiet_p50_ms": _percentile(quiet, 0.50),
        "quiet_p99_ms": _percentile(quiet, 0.99),
        "flood_p50_ms": _percentile(loud, 0.50),
        "flood_p99_ms": _percentile(loud, 0.99),
        "ratio_p99": _percentile(loud, 0.99) / _percentile(quiet, 0.99),
        "flood_s": time.perf_counter() - started,
        "reads_in_flood": len(loud),
        "failed_reads": failed_reads,
        "claimed_201": statuses[201],
        "refused_429": statuses[429],
        "failed_5xx": sum(n for status, n in statuses.items() if status >= 500),
    }


async def _run(args: Args) -> dict[str, float]:
    database = await _fresh_postgres()
    url = f"postgresql+asyncpg://postgres@127.0.0.1:5432/{database}"
    upgrade(url)
    env = {
        "FOXDEN_DATABASE_URL": url,
        "FOXDEN_RATE_PER_MINUTE": "1000000",
        "FOXDEN_LOG_LEVEL": "error",
    }
    if args.spread:
        env["FOXDEN_TRUSTED_PROXIES"] = "127.0.0.1"
    server = ChildServer(env)
    try:
        server.start()
        return await one_run(server.url, args)
    finally:
        server.stop()
        await _drop_postgres(database)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--claims", type=int, default=200)
    parser.add_argument("--spread", action="store_true", help="each claim from its own address")
    parser.add_argument(
        "--connections",
        type=int,
        default=0,
        help="flood over this many connections, each claiming again as soon as answered (an "
        "attack script's concurrency); default: every claim at once on its own connection",
    )
    parser.add_argument(
        "--flood",
        choices=["claims", "reads"],
        default="claims",
        help="reads: as many concurrent GET /api/v1/players/me instead, the cost of the burst "
        "itself without any hashing (a control)",
    )
    args = parser.parse_args()
    results = []
    for _ in range(args.runs):
        results.append(asyncio.run(_run(args)))
        print({key: round(value, 2) for key, value in results[-1].items()})
    medians = {key: statistics.median(r[key] for r in results) for key in results[0]}
    origin = f"{args.claims} addresses" if args.spread else "one address"
    if args.connections:
        origin += f" over {args.connections} connections"
    what = "claims" if args.flood == "claims" else "reads of /players/me"
    print(
        f"median of {args.runs} runs, {args.claims} concurrent {what} from {origin} on Postgres: "
        f"bystander read p50 {medians['quiet_p50_ms']:.1f} ms / p99 "
        f"{medians['quiet_p99_ms']:.1f} ms quiet, p50 {medians['flood_p50_ms']:.1f} ms / p99 "
        f"{medians['flood_p99_ms']:.1f} ms during the flood (p99 ratio "
        f"{medians['ratio_p99']:.2f}); the flood lasted {medians['flood_s']:.2f} s; "
        f"{medians['claimed_201']:.0f} claimed, {medians['refused_429']:.0f} refused with 429, "
        f"{medians['failed_5xx']:.0f} answered 5xx; {medians['failed_reads']:.0f} of the "
        f"bystander's {medians['reads_in_flood']:.0f} reads during the flood failed"
    )


if __name__ == "__main__":
    main()

"""Load benchmark: committed actions per second and action-to-every-seat latency.

Starts real server processes (Postgres + Redis by default), opens many matches of two human
seats, connects a WebSocket per seat (with `--route owner`, the default, both on the match's
process as deploy/nginx.conf routes them; with `--route spread` on different processes, so
every move crosses Redis) and plays random legal actions as fast as the server allows (or with
`--think-ms` of pause after each). When a match ends, the next one of its slot starts, so N
matches are in play for the whole run. Latency is measured from sending an action to the
moment every seat of that match has the envelope with the new version. The load generator is
this process; the servers are their own processes. Prints each run and the medians over the
runs, with the CPU that the app, the load generator, Postgres and Redis spent per action (they
share the cores).

    python -m benchmarks.load [--backend postgres|sqlite] [--processes 2] [--matches 20]
                              [--runs 3] [--seconds 8] [--game fox-in-the-forest|mix|<id>]
                              [--route owner|spread] [--think-ms 0] [--profile stacks.txt]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import random
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import asyncpg
import orjson
import websockets

from app.games import REGISTRY
from app.server.migrate import upgrade
from tests.support.child_server import ChildServer as Server
from tests.support.client import ApiClient, open_table

PG = "postgresql://postgres@127.0.0.1:5432"
SERVICES = ("postgres", "redis-server")
# The shortest a two-seat match lasts at full speed (Oh Fox!: about 33 actions, 0.7 s at 20
# matches): tables opened ahead of a run. A slot that runs out opens one more during the run,
# and that table's lobby work (about 35 ms of server CPU) would count against the moves.
SECONDS_PER_MATCH = 0.5
PROFILE_AFTER = 2.0  # seconds into a run before py-spy starts sampling
MIX = [engine_id for engine_id in REGISTRY]  # every game, two seats each, round robin


class Slot:
    """One of the N matches in play: its two players and the tables opened for them ahead of
    the run (a match lasts a second or two at full speed; the next one takes its place)."""

    def __init__(self, players: list[ApiClient], game: str) -> None:
        self.players = players
        self.game = game
        self.tables: list[str] = []
        self.opened = 0  # every table opened for this slot, ahead or during the run

    async def open(self) -> str:
        self.opened += 1
        return await open_table(self.players[0], self.players[1:], self.game)


async def _slot(server: Server, index: int, game: str, seconds: float) -> Slot:
    slot = Slot(
        [
            await ApiClient.register(server.url, f"A{index}"),
            await ApiClient.register(server.url, f"B{index}"),
        ],
        game,
    )
    for _ in range(max(2, math.ceil(seconds / SECONDS_PER_MATCH))):
        slot.tables.append(await slot.open())
    return slot


class Seat:
    """One seat's socket as the load generator reads it: the newest envelope and when each
    version arrived. Every reader of a match wakes the match's one `changed` event, so waiting
    for "any seat moved" costs no task per wait (the generator shares the cores it measures)."""

    def __init__(self, connection: Any, changed: asyncio.Event) -> None:
        self.connection = connection
        self.version = -1
        self.envelope: dict[str, Any] = {"version": -1}
        self.arrived: dict[int, float] = {}
        self.changed = changed
        self.refused = 0

    async def read(self) -> None:
        async for text in self.connection:
            frame = orjson.loads(text)
            if frame["type"] == "envelope" and frame["version"] > self.version:
                self.version = frame["version"]
                self.envelope = frame
                self.arrived.setdefault(frame["version"], time.perf_counter())
                self.changed.set()
            elif frame["type"] == "error":
                self.refused += 1
                self.changed.set()


async def play_slot(
    ws_bases: list[str],
    slot: Slot,
    latencies: list[float],
    deadline: float,
    think: float = 0.0,
) -> tuple[int, int]:
    """Play the slot's matches one after another until the deadline: when one ends, the next
    starts, so the number of matches in play stays the same for the whole run."""
    actions = errors = 0
    while time.perf_counter() < deadline:
        match_id = slot.tables.pop(0) if slot.tables else await slot.open()
        played, refused = await play_match(
            ws_bases, match_id, slot.players, latencies, deadline, think
        )
        actions += played
        errors += refused
    return actions, errors


async def play_match(
    ws_bases: list[str],
    match_id: str,
    players: list[ApiClient],
    latencies: list[float],
    deadline: float,
    think: float = 0.0,
) -> tuple[int, int]:
    """One match, random legal actions until it ends or the deadline passes; `think`: a pause
    after each action, as a player's (0: as fast as the server accepts them)."""
    changed = asyncio.Event()
    seats = []
    for ws_base, player in zip(ws_bases, players, strict=True):
        connection = await websockets.connect(f"{ws_base}/api/v1/matches/{match_id}/ws")
        await connection.send(orjson.dumps({"type": "hello", "token": player.token}).decode())
        seats.append(Seat(connection, changed))
    readers = [asyncio.create_task(seat.read()) for seat in seats]
    rng = random.Random(match_id)
    actions = errors = 0
    try:
        while time.perf_counter() < deadline:
            current = max(seats, key=lambda s: s.version).envelope
            if current.get("status") not in (None, "active"):
                break
            if not current.get("to_act"):
                await _any_change(changed)
                continue
            seat = seats[current["to_act"][0]]
            while seat.version < current["version"]:
                await _any_change(changed)
            mine = seat.envelope
            version = mine["version"] + 1
            sent = time.perf_counter()
            await seat.connection.send(
                orjson.dumps(
                    {
                        "type": "act",
                        "action": rng.choice(mine["legal_actions"]),
                        "version": mine["version"],
                    }
                ).decode()
            )
            while not all(version in s.arrived for s in seats) and not seat.refused:
                await _any_change(changed)
            if seat.refused:  # a refused action is an error of the server or of this client
                seat.refused = 0
                errors += 1
                continue
            latencies.append(max(s.arrived[version] for s in seats) - sent)
            actions += 1
            if think:
                await asyncio.sleep(think)
    finally:
        for task in readers:
            task.cancel()
        for seat in seats:
            await seat.connection.close()
    return actions, errors


async def _any_change(changed: asyncio.Event) -> None:
    # A timeout, not a hang, if a push is lost: the loop looks again and the run goes on.
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(5):
            await changed.wait()
    changed.clear()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        return _stat_cpu_seconds(stat.read())


def service_cpu_seconds(command: str) -> float:
    """CPU time so far of every process named `command` (all Postgres backends, Redis): what
    the databases cost on the shared cores. Other users of the same services count too, so
    the figure means something on a quiet machine only."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                text = stat.read()
        except OSError:
            continue  # ended meanwhile
        if text[text.index("(") + 1 : text.rindex(")")] == command:
            total += _stat_cpu_seconds(text)
    return total


def _stat_cpu_seconds(stat: str) -> float:
    """utime + stime of a /proc/<pid>/stat line (the fields after the command's parenthesis)."""
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _server_of(servers: list[Server], match: int, seat: int, route: str) -> Server:
    """`owner`: every seat of a match on one process, as deploy/nginx.conf routes them (the
    process that holds the match pushes to all its seats). `spread`: the seats of a match on
    different processes, so every move crosses Redis and is replayed there (the worst case)."""
    if route == "owner":
        return servers[match % len(servers)]
    return servers[(match + seat) % len(servers)]


async def one_run(
    servers: list[Server],
    game: str,
    matches: int,
    seconds: float,
    profile: str = "",
    route: str = "owner",
    think: float = 0.0,
) -> dict[str, float]:
    pids = [server.process.pid for server in servers if server.process]
    rss_before = sum(rss_kib(pid) for pid in pids)
    games = MIX if game == "mix" else [game]
    slots = await asyncio.gather(
        *[
            _slot(servers[i % len(servers)], i, games[i % len(games)], seconds)
            for i in range(matches)
        ]
    )
    latencies: list[float] = []
    profiler = asyncio.create_task(_profile(servers[0], profile, seconds)) if profile else None
    cpu_before = sum(cpu_seconds(pid) for pid in pids)
    services_before = {name: service_cpu_seconds(name) for name in SERVICES}
    client_before = time.process_time()
    started = time.perf_counter()
    deadline = started + seconds
    results = await asyncio.gather(
        *[
            play_slot(
                [_server_of(servers, i, seat, route).ws_url for seat in range(len(slot.players))],
                slot,
                latencies,
                deadline,
                think,
            )
            for i, slot in enumerate(slots)
        ]
    )
    elapsed = time.perf_counter() - started
    server_cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
    client_cpu = time.process_time() - client_before
    services = {name: service_cpu_seconds(name) - services_before[name] for name in SERVICES}
    if profiler is not None:
        (await profiler).wait()
    latencies.sort()
    actions = sum(count for count, _ in results)
    return {
        "actions": actions,
        "errors": sum(errors for _, errors in results),
        "per_second": actions / elapsed,
        "p50_ms": _percentile(latencies, 0.50),
        "p95_ms": _percentile(latencies, 0.95),
        "p99_ms": _percentile(latencies, 0.99),
        "p999_ms": _percentile(latencies, 0.999),
        # What one committed action costs the app processes (all pushes included).
        "server_cpu_ms_per_action": server_cpu / max(1, actions) * 1000,
        # Every match opened stays in its process's cache: what holding one costs.
        "server_kib_per_match": (sum(rss_kib(pid) for pid in pids) - rss_before)
        / sum(slot.opened for slot in slots),
        # The load generator shares the cores: what it costs is CPU the servers cannot have.
        "client_cpu_ms_per_action": client_cpu / max(1, actions) * 1000,
        "postgres_cpu_ms_per_action": services["postgres"] / max(1, actions) * 1000,
        "redis_cpu_ms_per_action": services["redis-server"] / max(1, actions) * 1000,
    }


def _percentile(ordered: list[float], fraction: float) -> float:
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] * 1000


def rss_kib(pid: int) -> int:
    """Resident memory of a process (Linux /proc)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


async def _fresh_postgres() -> str:
    name = f"foxden_bench_{uuid.uuid4().hex[:8]}"
    connection = await asyncpg.connect(f"{PG}/test")
    await connection.execute(f'CREATE DATABASE "{name}"')
    await connection.close()
    return name


async def _drop_postgres(name: str) -> None:
    connection = await asyncpg.connect(f"{PG}/test")
    await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    await connection.close()


def arguments() -> argparse.ArgumentParser:
    """The command line's options (benchmarks.peer builds its Foxden runs from them)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", choices=["postgres", "sqlite"], default="postgres")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--game", default="fox-in-the-forest")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/14")
    parser.add_argument(
        "--route",
        choices=["owner", "spread"],
        default="owner",
        help="owner: a match's seats on one process (as nginx routes them); spread: apart",
    )
    parser.add_argument(
        "--think-ms",
        type=float,
        default=0.0,
        help="a pause after each action of a match (0: as fast as the server accepts)",
    )
    parser.add_argument(
        "--profile", default="", help="write py-spy's collapsed stacks of the first server here"
    )
    return parser


def medians(results: list[dict[str, float]]) -> dict[str, float]:
    """Every figure's median over the runs."""
    return {key: statistics.median(r[key] for r in results) for key in results[0]}


def main() -> None:
    args = arguments().parse_args()
    results = []
    for _ in range(args.runs):
        results.append(asyncio.run(run_once(args)))
        print({key: round(value, 1) for key, value in results[-1].items()})
    middle = medians(results)
    print(
        f"median of {args.runs} runs on {args.backend}, {args.processes} process(es) "
        f"(seats routed: {args.route}"
        + (f", {args.think_ms:g} ms of thinking after each action" if args.think_ms else "")
        + "), "
        f"{args.matches} concurrent matches of {args.game}: "
        f"{middle['per_second']:.0f} committed actions/s, "
        f"p50 {middle['p50_ms']:.1f} ms, p95 {middle['p95_ms']:.1f} ms, "
        f"p99 {middle['p99_ms']:.1f} ms, p99.9 {middle['p999_ms']:.1f} ms, "
        f"{middle['server_cpu_ms_per_action']:.2f} ms of app CPU per action, "
        f"{middle['server_kib_per_match']:.0f} KiB of server memory per match, "
        f"{middle['client_cpu_ms_per_action']:.2f} ms of load-generator CPU per action, "
        f"{middle['postgres_cpu_ms_per_action']:.2f} ms of Postgres and "
        f"{middle['redis_cpu_ms_per_action']:.2f} ms of Redis CPU per action, "
        f"{middle['errors']:.0f} errors"
    )


async def run_once(args: argparse.Namespace) -> dict[str, float]:
    """One run of the configuration `args` names, on fresh servers (and a fresh database)."""
    database = None
    if args.backend == "postgres":
        database = await _fresh_postgres()
        url = f"postgresql+asyncpg://postgres@127.0.0.1:5432/{database}"
    else:
        url = f"sqlite+aiosqlite:////tmp/foxden-bench-{uuid.uuid4().hex[:8]}.db"
    upgrade(url)
    env = {"FOXDEN_DATABASE_URL": url, "FOXDEN_RATE_PER_MINUTE": "1000000"}
    if args.processes > 1 or args.backend == "postgres":
        env["FOXDEN_REDIS_URL"] = args.redis
    app = "app.server.asgi:app" if args.game != "high-card" else "tests.fakes.server:app"
    servers = [Server(env, app) for _ in range(args.processes)]
    try:
        for server in servers:
            server.start()
        return await one_run(
            servers,
            args.game,
            args.matches,
            args.seconds,
            args.profile,
            args.route,
            args.think_ms / 1000,
        )
    finally:
        for server in servers:
            server.stop()
        if database:
            await _drop_postgres(database)


async def _profile(server: Server, path: str, seconds: float) -> subprocess.Popen[bytes]:
    """Sample the server with py-spy while the run lasts (collapsed stacks, one per line),
    from PROFILE_AFTER seconds in: the sockets' connecting and hellos are not the steady state."""
    assert server.process is not None
    await asyncio.sleep(PROFILE_AFTER)
    return subprocess.Popen(
        [
            _py_spy(),
            "record",
            "--pid",
            str(server.process.pid),
            "--duration",
            str(max(1, int(seconds - PROFILE_AFTER))),
            "--rate",
            "100",
            "--format",
            "raw",
            "--output",
            path,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _py_spy() -> str:
    """py-spy beside this interpreter (the project's venv), else on the PATH."""
    beside = Path(sys.executable).with_name("py-spy")
    return str(beside) if beside.exists() else "py-spy"


if __name__ == "__main__":
    main()

"""Foxden against its peer, boardgame.io 0.50.2, in one run on the same machine (issue 30).

The peer (benchmarks/peer/: a trick game shaped like The Fox in the Forest on boardgame.io's
own server, in memory) and Foxden's load benchmark (benchmarks/load.py, The Fox in the Forest on
Postgres + Redis or SQLite) play the same number of concurrent matches for the same seconds,
with the same driver semantics: the seat to act sends a random legal action the moment it holds
the newest state, and the latency runs until every seat holds the new state. The runs alternate
(peer, Foxden, Foxden, peer, ...), so the machine's changing load falls on both sides alike;
each side's run starts its servers afresh. Prints every run, both sides' medians and the ratios
Foxden / peer.

    python -m benchmarks.peer [--matches 20] [--seconds 8] [--runs 3]
                              [--backend postgres|sqlite] [--processes 2] [--warmup 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
from pathlib import Path
from statistics import median

import orjson

from benchmarks import load

PEER = Path(__file__).with_name("peer")
STARTUP_SECONDS = 30  # for the peer's server to listen
# Columns of the table: the figure's key, its label, and its decimals.
ROWS = (
    ("per_second", "actions/s", 0),
    ("p50_ms", "p50 ms", 1),
    ("p95_ms", "p95 ms", 1),
    ("p99_ms", "p99 ms", 1),
    ("p999_ms", "p99.9 ms", 1),
    ("server_cpu_ms_per_action", "server CPU ms/action", 2),
    ("client_cpu_ms_per_action", "driver CPU ms/action", 2),
    ("postgres_cpu_ms_per_action", "Postgres CPU ms/action", 2),
    ("redis_cpu_ms_per_action", "Redis CPU ms/action", 2),
    ("all_cpu_ms_per_action", "all CPU ms/action", 2),
    ("server_kib_per_match", "server KiB/match", 0),
    ("errors", "errors", 0),
)
CPU_KEYS = (
    "server_cpu_ms_per_action",
    "client_cpu_ms_per_action",
    "postgres_cpu_ms_per_action",
    "redis_cpu_ms_per_action",
)


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", choices=["postgres", "sqlite"], default="postgres")
    parser.add_argument("--processes", type=int, help="Foxden's (default: 2 on Postgres, else 1)")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--warmup", type=float, default=2.0, help="the peer's seconds of play before measuring"
    )
    return parser


def foxden_arguments(args: argparse.Namespace) -> argparse.Namespace:
    """benchmarks.load's options for one Foxden run of this configuration (its own defaults for
    everything else: The Fox in the Forest, seats routed as nginx routes them, no pause)."""
    processes = args.processes or (2 if args.backend == "postgres" else 1)
    return load.arguments().parse_args(
        [
            *("--backend", args.backend),
            *("--processes", str(processes)),
            *("--matches", str(args.matches)),
            *("--seconds", str(args.seconds)),
            *("--runs", "1"),
        ]
    )


def foxden_run(args: argparse.Namespace) -> dict[str, float]:
    return with_total_cpu(asyncio.run(load.run_once(foxden_arguments(args))))


def peer_run(args: argparse.Namespace) -> dict[str, float]:
    """One run of the peer: a fresh boardgame.io server and one driver run against it."""
    port = _free_port()
    server = subprocess.Popen(
        ["node", str(PEER / "server.js"), str(port)],
        env={**os.environ, "NODE_ENV": "production"},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        _await_listening(server)
        driver = subprocess.run(
            [
                *("node", str(PEER / "driver.js")),
                *("--url", f"http://127.0.0.1:{port}"),
                *("--server-pid", str(server.pid)),
                *("--matches", str(args.matches)),
                *("--seconds", str(args.seconds)),
                *("--warmup", str(args.warmup)),
                *("--runs", "1"),
            ],
            stdout=subprocess.PIPE,
            text=True,
            check=True,
            timeout=args.warmup + args.seconds + 300,
        )
    finally:
        server.terminate()
        server.wait()
    # The driver's last line is its JSON: the runs and their medians.
    figures: dict[str, float] = orjson.loads(driver.stdout.splitlines()[-1])["runs"][0]
    figures |= {"postgres_cpu_ms_per_action": 0.0, "redis_cpu_ms_per_action": 0.0}
    return with_total_cpu(figures)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _await_listening(server: subprocess.Popen[str]) -> None:
    """server.js prints `listening <port>` once its port accepts connections."""
    assert server.stdout is not None
    line = server.stdout.readline()  # blocks until the line, or '' if the server ended
    if not line.startswith("listening"):
        raise RuntimeError(f"the peer's server did not start (exit {server.poll()}): {line!r}")


def with_total_cpu(figures: dict[str, float]) -> dict[str, float]:
    """The CPU every process of a side spent per action, the databases' included: what the
    shared cores paid for one action, however the work is split."""
    return figures | {"all_cpu_ms_per_action": sum(figures[key] for key in CPU_KEYS)}


def ratio(foxden: float, peer: float) -> float:
    return foxden / peer if peer else float("nan")


def _ratio_text(foxden: float, peer: float) -> str:
    """The ratio, or a dash where the peer has nothing to divide by (no database, no error)."""
    return f"{ratio(foxden, peer):.2f}" if peer else "—"


def pairs(runs: dict[str, list[dict[str, float]]]) -> str:
    """Each run's ratios of actions/s and of p99: a burst of the neighbours' load that falls on
    one side of one run shows there, where the medians hide it."""
    both = list(zip(runs["foxden"], runs["peer"], strict=True))
    speeds = [ratio(f["per_second"], p["per_second"]) for f, p in both]
    p99s = [ratio(f["p99_ms"], p["p99_ms"]) for f, p in both]
    return (
        f"actions/s {', '.join(f'{x:.2f}' for x in speeds)} (median {median(speeds):.2f}); "
        f"p99 {', '.join(f'{x:.2f}' for x in p99s)} (median {median(p99s):.2f})"
    )


def table(foxden: dict[str, float], peer: dict[str, float], args: argparse.Namespace) -> str:
    processes = foxden_arguments(args).processes
    head = (
        f"{'':24}{f'Foxden ({args.backend}, {processes} proc.)':>30}"
        f"{'boardgame.io 0.50.2':>22}{'Foxden / peer':>15}"
    )
    lines = [head]
    for key, label, decimals in ROWS:
        both = f"{foxden[key]:>30,.{decimals}f}{peer[key]:>22,.{decimals}f}"
        lines.append(f"{label:24}{both}{_ratio_text(foxden[key], peer[key]):>15}")
    return "\n".join(lines)


def main() -> None:
    args = arguments().parse_args()
    loads = [os.getloadavg()]
    runs: dict[str, list[dict[str, float]]] = {"peer": [], "foxden": []}
    for index in range(args.runs):
        # peer, Foxden / Foxden, peer / ...: neither side always runs first after the other.
        order = ("peer", "foxden") if index % 2 == 0 else ("foxden", "peer")
        for side in order:
            figures = peer_run(args) if side == "peer" else foxden_run(args)
            runs[side].append(figures)
            print(side, {key: round(value, 1) for key, value in figures.items()}, flush=True)
        loads.append(os.getloadavg())
    foxden, peer = load.medians(runs["foxden"]), load.medians(runs["peer"])
    print(
        f"medians of {args.runs} alternated runs, {args.matches} concurrent matches, "
        f"{args.seconds:g} s measured per run (the peer after {args.warmup:g} s of warm-up); "
        f"load average (1 min) {min(one for one, _, _ in loads):.1f}-"
        f"{max(one for one, _, _ in loads):.1f} between runs"
    )
    print(table(foxden, peer, args))
    print(f"Foxden / peer, run by run (each run's two sides back to back): {pairs(runs)}")
    print(
        f"Foxden / peer: {ratio(foxden['per_second'], peer['per_second']):.2f}x the actions/s, "
        f"{ratio(foxden['p99_ms'], peer['p99_ms']):.2f}x the p99, "
        f"{ratio(foxden['all_cpu_ms_per_action'], peer['all_cpu_ms_per_action']):.2f}x the CPU "
        "per action in all"
    )
    print(orjson.dumps({"foxden": foxden, "peer": peer, "load_average": loads}).decode())


if __name__ == "__main__":
    main()

"""Engine cost per action: random playouts of every registered engine.

Prints, per engine, the median over several runs of: microseconds per apply, per view, per
legal_actions, and per encode+decode round trip (what the pipeline pays on a cache miss), and
random-playout actions per second (legal_actions + apply, the cost of playing a move).

    python -m benchmarks.engines [--runs 5] [--playouts 20] [--clock cpu]

`--clock cpu` measures this process's CPU time instead of wall time: on a shared, busy machine
the wall clock mostly measures the other processes, so before/after comparisons need it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from app.games import REGISTRY
from app.games.protocol import Engine
from app.games.rng import pick

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def one_run(
    engine: Engine[Any], playouts: int, seed: int, clock: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    rng = random.Random(seed)
    totals = {"apply": 0.0, "view": 0.0, "legal": 0.0, "codec": 0.0}
    playing = 0.0  # legal_actions + apply only: what a random playout (or a bot's search) pays
    actions = 0
    players = engine.seats.start
    options = engine.check_options({}, players)
    for _ in range(playouts):
        state = engine.setup(players, options, rng.getrandbits(63))
        while actors := engine.to_act(state):
            seat = pick(rng, actors)
            started = clock()
            legal = engine.legal_actions(state, seat)
            totals["legal"] += clock() - started
            started = clock()
            state = engine.apply(state, seat, pick(rng, legal)).state
            totals["apply"] += clock() - started
            started = clock()
            for viewer in range(players):
                engine.view(state, viewer)
            totals["view"] += (clock() - started) / players
            started = clock()
            engine.decode(json.loads(json.dumps(engine.encode(state))))
            totals["codec"] += clock() - started
            actions += 1
    playing = totals["legal"] + totals["apply"]
    per_action = {name: total / actions * 1e6 for name, total in totals.items()}
    return per_action | {"actions": actions, "playout_per_second": actions / playing}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--playouts", type=int, default=20)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    print(
        f"{'engine':28} {'apply us':>9} {'view us':>9} {'legal us':>9} {'codec us':>9} "
        f"{'playout actions/s':>18}"
    )
    for engine in REGISTRY.values():
        runs = [one_run(engine, args.playouts, seed, clock) for seed in range(args.runs)]
        medians = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        print(
            f"{engine.id:28} {medians['apply']:9.1f} {medians['view']:9.1f} "
            f"{medians['legal']:9.1f} {medians['codec']:9.1f} "
            f"{medians['playout_per_second']:18,.0f}"
        )


if __name__ == "__main__":
    main()

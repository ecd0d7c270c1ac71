"""How strong the bots are: seeded matches at the engine level (no server), with 95% CIs.

For every game it plays `standard` against `random` and, where the game has one, `expert`
against `standard`:

- two-player games: the win rate of the first strategy, seats alternated (a match is played
  twice on the same seed, once from each seat; a shared win counts one half);
- games for more players: also a table of four, one seat for the first strategy (rotating)
  and three for the second; mean rank (1 = best) and win share per strategy;
- Duet (cooperative): the team success rate of two bots of each strategy on the same seeds.

    python -m benchmarks.bots [--matches 500] [--game ID] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from app.games import REGISTRY, STRATEGIES
from app.games.protocol import Action, Outcome, Strategy
from app.games.rng import derive_seed, pick

COOPERATIVE = {"fox-in-the-forest-duet"}
TABLE = 4
"""Players at the multiplayer table (for games that allow more than two)."""
MAX_ACTIONS = 20_000
"""A safety net: no real match comes near it."""


def random_strategy(_view: Any, legal: Sequence[Action], _seat: int, rng: random.Random) -> Action:
    return pick(rng, legal)


def strategy(game: str, name: str) -> Strategy:
    return random_strategy if name == "random" else STRATEGIES[game][name]


def play_match(game: str, lineup: Sequence[str], seed: int) -> Outcome:
    """One match with `lineup[seat]` playing each seat; every bot sees only its view."""
    engine = REGISTRY[game]
    players = len(lineup)
    state = engine.setup(players, engine.check_options({}, players), seed)
    bots = [strategy(game, name) for name in lineup]
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(players)]
    for _ in range(MAX_ACTIONS):
        actors = engine.to_act(state)
        if not actors:
            break
        seat = actors[0]
        legal = engine.legal_actions(state, seat)
        action = bots[seat](engine.view(state, seat), legal, seat, rngs[seat])
        state = engine.apply(state, seat, action).state
    outcome = engine.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{game}: match {seed} did not end")
    return outcome


def rank(outcome: Outcome, seat: int) -> float:
    """1 for the best seat; winners rank above everyone else, then scores decide."""

    def key(s: int) -> tuple[bool, float]:
        return (s in outcome.winners, outcome.scores[s])

    return 1.0 + sum(1 for other in range(len(outcome.scores)) if key(other) > key(seat))


def win_share(outcome: Outcome, seat: int) -> float:
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


# --------------------------------------------------------------------------- experiments


@dataclass(frozen=True)
class Task:
    """One match of an experiment; `results` turns its outcome into the numbers it records."""

    game: str
    kind: str  # "duel", "table" or "team"
    first: str
    second: str
    index: int


def lineup(task: Task) -> tuple[list[str], int]:
    """The strategies by seat and the seat (or, for a team, the side) of the first one."""
    if task.kind == "duel":
        seat = task.index % 2
        return [task.first if s == seat else task.second for s in range(2)], seat
    if task.kind == "table":
        seat = task.index % TABLE
        return [task.first if s == seat else task.second for s in range(TABLE)], seat
    side = task.index % 2  # team: even matches by the first pair, odd by the second pair
    name = task.first if side == 0 else task.second
    return [name, name], side


def seed_of(task: Task) -> int:
    # Duels and teams play each seed twice (both seats or both pairs): paired comparisons.
    per_seed = TABLE if task.kind == "table" else 2
    return derive_seed(20240, task.game, task.index // per_seed)


def run_task(task: Task) -> tuple[Task, dict[str, float]]:
    seats, mine = lineup(task)
    outcome = play_match(task.game, seats, seed_of(task))
    if task.kind == "team":
        return task, {"side": float(mine), "success": float(bool(outcome.winners))}
    numbers = {"win": win_share(outcome, mine), "rank": rank(outcome, mine)}
    others = [s for s in range(len(seats)) if s != mine]
    numbers["other_rank"] = statistics.fmean(rank(outcome, s) for s in others)
    numbers["other_win"] = statistics.fmean(win_share(outcome, s) for s in others)
    return task, numbers


def experiments(game: str) -> list[tuple[str, str, str]]:
    engine = REGISTRY[game]
    pairs = [("standard", "random")]
    if "expert" in STRATEGIES.get(game, {}):
        pairs.append(("expert", "standard"))
    if game in COOPERATIVE:
        return [("team", a, b) for a, b in pairs]
    kinds = ["duel"] + (["table"] if TABLE in engine.seats else [])
    return [(kind, a, b) for a, b in pairs for kind in kinds]


# --------------------------------------------------------------------------- statistics


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (half wins count as half)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def mean_ci(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percent(successes: float, n: int) -> str:
    low, high = wilson(successes, n)
    return f"{100 * successes / n:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}]"


def interval(values: Sequence[float]) -> str:
    mean, low, high = mean_ci(values)
    return f"{mean:.2f} [{low:.2f}, {high:.2f}]"


def report(kind: str, first: str, second: str, rows: list[dict[str, float]]) -> str:
    n = len(rows)
    if kind == "team":
        ours = [r["success"] for r in rows if r["side"] == 0]
        theirs = [r["success"] for r in rows if r["side"] == 1]
        return (
            f"  team success, two {first}: {percent(sum(ours), len(ours))} (n={len(ours)})\n"
            f"  team success, two {second}: {percent(sum(theirs), len(theirs))} (n={len(theirs)})"
        )
    wins = sum(r["win"] for r in rows)
    if kind == "duel":
        return f"  {first} vs {second}, 2 players: {first} wins {percent(wins, n)} (n={n})"
    return (
        f"  {first} vs {TABLE - 1} x {second}, {TABLE} players (n={n}):\n"
        f"    mean rank {first} {interval([r['rank'] for r in rows])}, "
        f"{second} {interval([r['other_rank'] for r in rows])}\n"
        f"    win share {first} {percent(wins, n)}, "
        f"{second} {100 * statistics.fmean(r['other_win'] for r in rows):.1f}% each"
    )


# --------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=500, help="matches per experiment")
    parser.add_argument("--game", choices=sorted(REGISTRY), help="only this game")
    parser.add_argument("--workers", type=int, default=2, help="processes (1: no pool)")
    args = parser.parse_args()
    games = [args.game] if args.game else list(REGISTRY)
    for game in games:
        started = time.perf_counter()
        print(f"{game}")
        for kind, first, second in experiments(game):
            tasks = [Task(game, kind, first, second, i) for i in range(args.matches)]
            rows = [numbers for _, numbers in run_all(tasks, args.workers)]
            print(report(kind, first, second, rows), flush=True)
        print(f"  ({time.perf_counter() - started:.0f} s)", flush=True)


def run_all(tasks: list[Task], workers: int) -> list[tuple[Task, dict[str, float]]]:
    if workers <= 1:
        return [run_task(task) for task in tasks]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(run_task, tasks, chunksize=4))


if __name__ == "__main__":
    main()

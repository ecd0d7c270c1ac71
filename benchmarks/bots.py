"""How strong the bots are: seeded matches at the engine level (no server), with 95% CIs.

For every game it plays `standard` against `random` and `expert` against `standard`:

- two-player games: the win rate of the first strategy, seats alternated (a match is played
  twice on the same seed, once from each seat; a shared win counts one half);
- games for more players: also a table of four, one seat for the first strategy (rotating)
  and three for the second; mean rank (1 = best) and win share per strategy;
- Duet (cooperative): the team success rate of two bots of each strategy on the same seeds,
  and the paired difference (same seed, both teams) with its interval.

Every bot decides from its seat's knowledge (app/games/knowledge.py), as on the server. The
search bots run on iterations alone (no wall-time cap), so every figure is reproducible; the
time each decision takes is reported per strategy (median, 99th percentile). `--server-cap`
keeps the server's wall-time cap instead, to measure decision times as a server has them.
`--options` sets match options (Duet's level, say); the rest are the game's defaults.

    python -m benchmarks.bots [--matches 500] [--game ID] [--pair expert:standard] [--workers 2]
                              [--options '{"level": 2}'] [--kind duel] [--server-cap]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from app.bots.strategies import strategies_for
from app.games import REGISTRY
from app.games.knowledge import knowledge_of
from app.games.protocol import Outcome, Strategy
from app.games.rng import derive_seed
from app.games.search import SearchExpert

TABLE = 4
"""Players at the multiplayer table (for games that allow more than two)."""
MAX_ACTIONS = 20_000
"""A safety net: no real match comes near it."""


def strategy(game: str, name: str, capped: bool = False) -> Strategy:
    """The named bot; a search bot keeps its iteration budget but loses its wall-time cap
    (unless `capped`: as on the server, to measure decision times under the cap)."""
    bot = strategies_for(game)[name]
    if isinstance(bot, SearchExpert) and not capped:
        return bot.budgeted(bot.iterations, seconds=None)
    return bot


@dataclass(frozen=True)
class Played:
    outcome: Outcome
    seconds: tuple[tuple[float, ...], ...]
    """Wall time of every decision with a choice (two or more legal actions), by seat."""


def play_match(
    game: str,
    lineup: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    capped: bool = False,
) -> Played:
    """One match with `lineup[seat]` playing each seat; every bot knows only its seat's part."""
    engine = REGISTRY[game]
    players = len(lineup)
    state = engine.setup(players, engine.check_options(dict(options or {}), players), seed)
    bots = [strategy(game, name, capped) for name in lineup]
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(players)]
    seconds: list[list[float]] = [[] for _ in range(players)]
    for _ in range(MAX_ACTIONS):
        actors = engine.to_act(state)
        if not actors:
            break
        seat = actors[0]
        # As on the server, the view and legal actions are ready before the bot thinks.
        legal = engine.legal_actions(state, seat)
        knowledge = knowledge_of(engine, state, seat, view=engine.view(state, seat), legal=legal)
        started = time.perf_counter()
        action = bots[seat](knowledge, rngs[seat])
        if len(legal) > 1:
            seconds[seat].append(time.perf_counter() - started)
        state = engine.apply(state, seat, action).state
    outcome = engine.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{game}: match {seed} did not end")
    return Played(outcome, tuple(tuple(times) for times in seconds))


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
    options: tuple[tuple[str, Any], ...] = ()
    """The match options (the game's defaults for the rest), as pairs: tasks are pickled."""
    capped: bool = False
    """Search bots keep the server's wall-time cap (timing runs; results not reproducible)."""


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


@dataclass(frozen=True)
class Result:
    numbers: dict[str, float]
    seconds: dict[str, list[float]]
    """Decision times by strategy name."""


def run_task(task: Task) -> Result:
    seats, mine = lineup(task)
    played = play_match(task.game, seats, seed_of(task), dict(task.options), task.capped)
    outcome = played.outcome
    seconds: dict[str, list[float]] = {}
    for seat, name in enumerate(seats):
        seconds.setdefault(name, []).extend(played.seconds[seat])
    if task.kind == "team":
        return Result({"side": float(mine), "success": float(bool(outcome.winners))}, seconds)
    numbers = {"win": win_share(outcome, mine), "rank": rank(outcome, mine)}
    others = [s for s in range(len(seats)) if s != mine]
    numbers["other_rank"] = statistics.fmean(rank(outcome, s) for s in others)
    numbers["other_win"] = statistics.fmean(win_share(outcome, s) for s in others)
    return Result(numbers, seconds)


PAIRS = (("standard", "random"), ("expert", "standard"))


def experiments(game: str, pairs: Sequence[tuple[str, str]] = PAIRS) -> list[tuple[str, str, str]]:
    engine = REGISTRY[game]
    if engine.cooperative:
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


def paired(ours: Sequence[float], theirs: Sequence[float]) -> str:
    """The difference of two teams' success on the same seeds: its mean with a 95% normal
    interval over the seeds, and the seeds only one team won (the pairs that decide it)."""
    differences = [a - b for a, b in zip(ours, theirs, strict=True)]
    mean, low, high = mean_ci(differences)
    only_first = sum(1 for d in differences if d > 0)
    only_second = sum(1 for d in differences if d < 0)
    return (
        f"paired difference {100 * mean:+.1f} points [{100 * low:+.1f}, {100 * high:+.1f}]; "
        f"seeds won by the first pair only {only_first}, by the second only {only_second}"
    )


def report(kind: str, first: str, second: str, rows: list[dict[str, float]]) -> str:
    n = len(rows)
    if kind == "team":
        ours = [r["success"] for r in rows if r["side"] == 0]
        theirs = [r["success"] for r in rows if r["side"] == 1]
        return (
            f"  team success, two {first}: {percent(sum(ours), len(ours))} (n={len(ours)})\n"
            f"  team success, two {second}: {percent(sum(theirs), len(theirs))} (n={len(theirs)})\n"
            f"  {paired(ours, theirs)}"
        )
    wins = sum(r["win"] for r in rows)
    if kind == "duel":
        return f"  {first} vs {second}, 2 players: {first} wins {percent(wins, n)} (n={n})"
    # Paired by match: ties share the better rank, so the two means are not tied to each
    # other, and their difference per match is what says which strategy did better.
    ahead = interval([r["other_rank"] - r["rank"] for r in rows])
    return (
        f"  {first} vs {TABLE - 1} x {second}, {TABLE} players (n={n}):\n"
        f"    mean rank {first} {interval([r['rank'] for r in rows])}, "
        f"{second} {interval([r['other_rank'] for r in rows])}\n"
        f"    ranks {first} is ahead of {second}'s mean, per match: {ahead}\n"
        f"    win share {first} {percent(wins, n)}, "
        f"{second} {100 * statistics.fmean(r['other_win'] for r in rows):.1f}% each"
    )


# --------------------------------------------------------------------------- main


def timing(results: Sequence[Result]) -> str:
    """Median and 99th percentile of the decisions with a choice, per strategy."""
    merged: dict[str, list[float]] = {}
    for result in results:
        for name, seconds in result.seconds.items():
            merged.setdefault(name, []).extend(seconds)
    parts = []
    for name, seconds in sorted(merged.items()):
        if len(seconds) < 2:
            continue
        p99 = statistics.quantiles(seconds, n=100)[98]
        median = statistics.median(seconds)
        parts.append(f"{name} median {1000 * median:.2f} ms, p99 {1000 * p99:.2f} ms")
    return "    decision time: " + "; ".join(parts) + f" ({sum(map(len, merged.values()))})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=500, help="matches per experiment")
    parser.add_argument("--game", choices=sorted(REGISTRY), help="only this game")
    parser.add_argument(
        "--pair", action="append", help="FIRST:SECOND, e.g. expert:standard (default: both)"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes (1: no pool)")
    parser.add_argument(
        "--options", type=json.loads, default={}, help='match options as JSON: {"level": 3}'
    )
    parser.add_argument(
        "--kind",
        choices=("duel", "table", "team"),
        help="only this experiment: two players, the table of four, or Duet's teams",
    )
    parser.add_argument(
        "--server-cap",
        action="store_true",
        help="search bots stop at the server's wall-time cap (decision times as on the server)",
    )
    args = parser.parse_args()
    options = tuple(sorted(args.options.items()))
    games = [args.game] if args.game else list(REGISTRY)
    pairs = [tuple(p.split(":", 1)) for p in args.pair] if args.pair else list(PAIRS)
    for game in games:
        started = time.perf_counter()
        print(f"{game}" + (f" {args.options}" if args.options else ""))
        for kind, first, second in experiments(game, pairs):
            if args.kind and kind != args.kind:
                continue
            tasks = [
                Task(game, kind, first, second, i, options, args.server_cap)
                for i in range(args.matches)
            ]
            results = run_all(tasks, args.workers)
            print(report(kind, first, second, [r.numbers for r in results]), flush=True)
            print(timing(results), flush=True)
        print(f"  ({time.perf_counter() - started:.0f} s)", flush=True)


def run_all(tasks: list[Task], workers: int) -> list[Result]:
    if workers <= 1:
        return [run_task(task) for task in tasks]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(run_task, tasks, chunksize=4))


if __name__ == "__main__":
    main()

"""How long the post-game review of one finished match takes, per game (no server).

For every game a match is played by the `standard` bots on a fixed seed at the game's smallest
table; then one seat's review is worked out exactly as the review worker does on its thread
(app/review/compute.py): the match replayed, the seat's decisions listed, each weighed by the
game's expert search with the game's review budget (app/games/*/review.py). It prints, per
game, the medians over `--runs` runs of the wall time and the processor time of one seat's
review, with the number of decisions and the time per decision. The review is seeded: every
run does the same work.

    python -m benchmarks.review [--runs 3] [--game ID] [--seat 0] [--iterations N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from app.games import REGISTRY, REVIEWS, STRATEGIES
from app.games.knowledge import knowledge_of
from app.games.options import defaults
from app.games.review import decisions_of, judge_decision
from app.games.search import SearchExpert

SEED = 2026


def played(game: str, seed: int = SEED) -> list[tuple[Any, int, Any]]:
    """(state before, seat, action) of every step of a match of `standard` bots."""
    engine = REGISTRY[game]
    standard = STRATEGIES[game]["standard"]
    rng = random.Random(seed)
    state = engine.setup(min(engine.seats), defaults(engine.options), seed)
    steps = []
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        action = standard(knowledge_of(engine, state, seat), rng)
        steps.append((state, seat, action))
        state = engine.apply(state, seat, action).state
    return steps


@dataclass(frozen=True)
class Timed:
    wall: float
    cpu: float
    decisions: int


def review_once(game: str, steps: list[tuple[Any, int, Any]], seat: int, iterations: int) -> Timed:
    engine, rules = REGISTRY[game], REVIEWS[game]
    expert = STRATEGIES[game]["expert"]
    if not isinstance(expert, SearchExpert):
        raise TypeError(f"{game}: no search expert")
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = decisions_of(engine, rules, "benchmark", seat, steps)
    for decision in decisions:
        judge_decision(engine, expert, rules, decision, iterations)
    return Timed(time.perf_counter() - wall, time.process_time() - cpu, len(decisions))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--game", choices=sorted(REVIEWS))
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--iterations", type=int, help="per decision (default: the game's)")
    args = parser.parse_args()
    games = [args.game] if args.game else sorted(REVIEWS)
    print("game | steps | decisions | iterations | wall s (median) | CPU s (median) | ms/decision")
    for game in games:
        steps = played(game)
        iterations = args.iterations or REVIEWS[game].iterations
        runs = [review_once(game, steps, args.seat, iterations) for _ in range(args.runs)]
        wall = statistics.median(run.wall for run in runs)
        cpu = statistics.median(run.cpu for run in runs)
        decisions = runs[0].decisions
        per = 1000 * wall / max(1, decisions)
        print(
            f"{game} | {len(steps)} | {decisions} | {iterations} | {wall:.2f} | {cpu:.2f} | "
            f"{per:.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()

"""The CPU side of a review, run on the review thread: the match replayed, the seat's
decisions listed, each weighed by the game's expert (app/games/review.py), the result as JSON.

Nothing here touches the event loop or the database: the worker (worker.py) hands each piece
to its thread and records progress between decisions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.games import REVIEWS, STRATEGIES
from app.games.protocol import Engine
from app.games.review import Decision, ReviewRules, Verdict, decisions_of, judge_decision
from app.games.search import SearchExpert
from app.matches.export import EndedMatch
from app.matches.replay import replay

FORMAT = "foxden-review/1"


@dataclass(frozen=True)
class Plan:
    """What reviewing one seat of one match takes: its decisions and how to weigh them."""

    match_id: str
    game: str
    seat: int
    engine: Engine[Any]
    expert: SearchExpert
    rules: ReviewRules
    iterations: int
    decisions: tuple[Decision, ...]
    actors: dict[int, str]  # step -> who took the decision: player | bot | timeout


def plan(ended: EndedMatch, seat: int, iterations: int | None) -> Plan:
    """The seat's decisions, from the match replayed by its engine (CPU: on the thread)."""
    loaded = ended.loaded
    engine, rules = loaded.engine, REVIEWS[loaded.game]
    expert = STRATEGIES[loaded.game]["expert"]
    if not isinstance(expert, SearchExpert):
        raise TypeError(f"{loaded.game}: the review needs the game's search expert")
    states = replay(ended).states
    steps = [(states[index], a.seat, a.action) for index, a in enumerate(ended.actions)]
    decisions = decisions_of(engine, rules, loaded.id, seat, steps)
    return Plan(
        match_id=loaded.id,
        game=loaded.game,
        seat=seat,
        engine=engine,
        expert=expert,
        rules=rules,
        iterations=rules.iterations if iterations is None else iterations,
        decisions=tuple(decisions),
        actors={index: a.actor for index, a in enumerate(ended.actions)},
    )


def weigh(plan: Plan, decision: Decision) -> Verdict:
    return judge_decision(plan.engine, plan.expert, plan.rules, decision, plan.iterations)


def result_json(plan: Plan, verdicts: list[Verdict]) -> dict[str, Any]:
    rules = plan.rules
    flagged = [v.flag for v in verdicts]
    return {
        "format": FORMAT,
        "match_id": plan.match_id,
        "game": plan.game,
        "seat": plan.seat,
        "iterations": plan.iterations,
        "thresholds": {
            "inaccuracy": rules.inaccuracy,
            "mistake": rules.mistake,
            "scale": rules.scale,
        },
        "inaccuracies": flagged.count("inaccuracy"),
        "mistakes": flagged.count("mistake"),
        "decisions": [_verdict_json(plan, v) for v in verdicts],
    }


def _verdict_json(plan: Plan, verdict: Verdict) -> dict[str, Any]:
    return {
        "step": verdict.step,
        "seq": verdict.step + 1,
        "actor": plan.actors[verdict.step],
        "made": verdict.made,
        "value": round(verdict.value, 4),
        "best": verdict.best,
        "best_value": round(verdict.best_value, 4),
        "cost": round(verdict.cost, 4),
        "flag": verdict.flag,
        "alternatives": verdict.alternatives,
    }

"""The post-game review of one seat's decisions, judged only by what that seat knew.

For each decision the seat took (a step where it had a choice), the expert search of the game
weighs the action taken and the ones it would have considered, in worlds drawn from the seat's
information set at that moment: the engine's `determinize` of that step's state for that seat.
The true hidden cards never enter: before any world is drawn the state is replaced by the
game's `canonical` member of the information set (`review.py` beside each engine), a state
built from what the seat knew alone, so a different deal of the cards the seat could not see
gives the same worlds, the same numbers and the same review, byte for byte. Each decision's
generator is seeded from the match id, the seat and the step (never the match's seed, which
decided the hidden cards), so the same review comes out every time.

Values are the search's utility for the seat, in [0, 1] (app/games/utility.py, or the game's
judge when rollouts stop early); `cost` is how much less the action taken is worth than the
best one found, flagged against the game's thresholds (docs/review.md).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.games.knowledge import SeatKnowledge
from app.games.protocol import Action, Engine, Seat
from app.games.search import SearchExpert, action_key

INACCURACY = "inaccuracy"
MISTAKE = "mistake"


@dataclass(frozen=True)
class ReviewRules:
    """How a game is reviewed: its canonical information-set member, and the costs (in the
    seat's utility) from which a decision is an inaccuracy or a mistake."""

    canonical: Callable[[Any, Seat], Any]
    """A state `seat` cannot tell from the given one that depends only on what `seat` knows:
    two states the seat cannot tell apart give the same canonical state (the seed too)."""
    inaccuracy: float
    mistake: float
    scale: str
    """What a utility difference means in this game, in words (shown beside the thresholds)."""
    iterations: int
    """Search iterations per decision, shared among the actions weighed: more than the live
    expert's (a review has no clock to beat), so that a flag is the search's view, not noise."""
    reviewed: Callable[[Action], bool] = lambda action: True
    """Actions worth weighing; others (a memory aid that cannot change the match) are skipped."""

    def flag(self, cost: float) -> str | None:
        if cost >= self.mistake:
            return MISTAKE
        if cost >= self.inaccuracy:
            return INACCURACY
        return None


@dataclass(frozen=True)
class Verdict:
    """One decision of the seat: what it did, what the search thinks of it, the best it found."""

    step: int  # the replay step the decision was taken at (its action leads to step + 1)
    made: Action
    value: float
    best: Action
    best_value: float
    cost: float
    flag: str | None
    alternatives: int  # how many actions were weighed


@dataclass(frozen=True)
class Decision:
    """A step of the match at which `seat` chose `action` among several, in `state`."""

    match_id: str
    seat: Seat
    step: int
    state: Any
    action: Action


def decision_seed(match_id: str, seat: Seat, step: int) -> int:
    """A seed for one decision's worlds: from public facts only, so that it says nothing of
    the hidden cards and the review is reproducible."""
    digest = hashlib.sha256(f"review:{match_id}:{seat}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def knowledge_at(engine: Engine[Any], rules: ReviewRules, state: Any, seat: Seat) -> SeatKnowledge:
    """What `seat` knew at `state`, holding the canonical member of its information set in
    place of the true state: worlds, view and legal actions all come from it."""
    return SeatKnowledge(engine, rules.canonical(state, seat), seat)


def judge_decision(
    engine: Engine[Any],
    expert: SearchExpert,
    rules: ReviewRules,
    decision: Decision,
    iterations: int,
) -> Verdict:
    knowledge = knowledge_at(engine, rules, decision.state, decision.seat)
    rng = random.Random(decision_seed(decision.match_id, decision.seat, decision.step))
    weighed = expert.appraise(knowledge, rng, decision.action, iterations)
    made_key = action_key(decision.action)
    made = next(a for a in weighed if action_key(a.action) == made_key)
    # Ties go to the action taken, then to the first listed: a tie is no mistake.
    best = max(weighed, key=lambda a: (a.value, action_key(a.action) == made_key))
    cost = max(0.0, best.value - made.value)
    return Verdict(
        step=decision.step,
        made=decision.action,
        value=made.value,
        best=best.action,
        best_value=best.value,
        cost=cost,
        flag=rules.flag(cost),
        alternatives=len(weighed),
    )


def decisions_of(
    engine: Engine[Any],
    rules: ReviewRules,
    match_id: str,
    seat: Seat,
    steps: Sequence[tuple[Any, Seat | None, Action]],
) -> list[Decision]:
    """The seat's decisions among `steps` (state before, seat that acted, action): the steps
    where it had more than one legal action and the action is one the game reviews."""
    found = []
    for step, (state, actor, action) in enumerate(steps):
        if actor != seat or not rules.reviewed(action):
            continue
        if len(engine.legal_actions(state, seat)) > 1:
            found.append(Decision(match_id, seat, step, state, action))
    return found

"""The `expert` bot: determinised search from the view alone.

It deals several worlds consistent with its view (`bot_world`), tries every legal action in
each with the engine's own rules, and plays each world out to the end of the round with the
`standard` bot on both sides. The action with the best average result wins: the round's points
for the bot minus its opponent's, plus a large bonus or malus when the match ends. The same
worlds serve every action, so the comparison is between actions, not between deals.

Matches with special cards or goals are beyond its model of the world: there it plays like
`standard`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.games.fox_in_the_forest import rules
from app.games.fox_in_the_forest.bot_standard import standard
from app.games.fox_in_the_forest.bot_world import world_from_view
from app.games.fox_in_the_forest.cards import describe, trump_suit
from app.games.fox_in_the_forest.data import SEATS
from app.games.fox_in_the_forest.flow import match_winners, tricks_won
from app.games.fox_in_the_forest.state import State
from app.games.fox_in_the_forest.trick import play_face
from app.games.protocol import JSON, Action

PLAY_BUDGET = 450
"""Plays simulated per decision, shared among the actions (about 60 ms on one idle core)."""
FIRST_WORLDS = 2
KEEP = 4
MATCH_BONUS = 30.0
"""Winning the match outweighs any round's points."""
ROUND_END = ("deal", "over")


def expert(
    view: Mapping[str, Any], legal: Sequence[Action], seat: int, rng: random.Random
) -> Action:
    if len(legal) == 1:
        return legal[0]
    first = world_from_view(view, seat, rng)
    if first is None:
        return standard(view, legal, seat, rng)
    cost = 2 * len(first.hands[seat]) + 1  # plays left in the round, about
    playouts = max(len(legal), PLAY_BUDGET // cost)
    worlds = [first]
    results: list[list[float]] = [[] for _ in legal]

    def evaluate(candidates: Sequence[int], depth: int) -> None:
        while len(worlds) < depth:
            worlds.append(world_from_view(view, seat, rng) or first)
        for i in candidates:
            for world in worlds[len(results[i]) : depth]:
                after = _apply(world, seat, legal[i])
                results[i].append(_playout(after, seat, random.Random(rng.random())))

    # Two stages: every action on a few worlds, then the rest of the budget on the best few.
    depth = max(1, min(FIRST_WORLDS, playouts // len(legal)))
    evaluate(range(len(legal)), depth)
    ranked = sorted(range(len(legal)), key=lambda i: (-_mean(results[i]), i))
    finalists = ranked[:KEEP]
    extra = (playouts - depth * len(legal)) // len(finalists)
    if extra > 0 and len(finalists) > 1:
        evaluate(finalists, depth + extra)
    return legal[min(finalists, key=lambda i: (-_mean(results[i]), i))]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("-inf")


def _apply(state: State, seat: int, action: Action) -> State:
    """The engine's own handler: the action came from `legal_actions`, so skip re-checking."""
    return rules.HANDLERS[action["type"]](state, seat, dict(action))[0]


def _playout(state: State, seat: int, rng: random.Random) -> float:
    """Both seats play `standard` to the end of the round; the result for `seat`."""
    while state.step.kind not in ROUND_END:
        actor = state.step.seat
        legal = rules.legal_actions(state, actor)
        action = (
            standard(rollout_view(state, actor), legal, actor, rng) if len(legal) > 1 else legal[0]
        )
        state = _apply(state, actor, action)
    return _result(state, seat)


def _result(state: State, seat: int) -> float:
    gained = [now - before for now, before in zip(state.scores, state.round_start, strict=True)]
    value = float(gained[seat] - gained[1 - seat])
    if state.step.kind == "over":
        winners, _ = match_winners(state)
        value += MATCH_BONUS if seat in winners else -MATCH_BONUS
    return value


# --------------------------------------------------------------------------- rollout views


@functools.lru_cache(maxsize=256)
def _described(card: str, poison: bool) -> dict[str, JSON]:
    return describe(card, poison)


def rollout_view(state: State, seat: int) -> dict[str, Any]:
    """The fields of the view that `standard` reads, built cheaply from an imagined world."""
    poison = state.options.poison
    lead = state.lead
    lead_view = None
    if lead is not None:
        counted = play_face(state, lead)
        lead_view = {
            "card": _described(lead.card, poison),
            "counts_as": {"suit": counted.suit, "rank": counted.rank, "ability": counted.ability},
        }
    return {
        "hand": [_described(card, poison) for card in state.hands[seat]],
        "trump": trump_suit(state.decree),
        "decree": _described(state.decree, poison),
        "trick": {"lead": lead_view},
        "tricks_won": [tricks_won(state, s) for s in range(SEATS)],
        "trick_number": len(state.tricks) + 1,
        "decision": None,
    }

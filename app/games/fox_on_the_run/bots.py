"""The bots of Fox on the Run; each decides from its seat's `Knowledge` alone.

`standard` takes a world its seat cannot tell from the match (`Knowledge.sample`: face-down
tiles re-dealt) and tries each legal action in it with the engine's own rules. A position is
judged by how close Indigo is to Scarlett, whether Zev guards her, whether Zev could catch
Indigo or Indigo reach Scarlett next time, and how much of the forest is still hidden.

`expert` is the generic search (app/games/search.py), its leaves valued by the same judgement
of the table.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from app.games.fox_on_the_run import data, rules
from app.games.fox_on_the_run.data import Pos
from app.games.fox_on_the_run.state import (
    PHASE_ABILITY,
    PHASE_OVER,
    PHASE_STEP,
    State,
    adjacent,
    character,
    hidden_tile_count,
)
from app.games.frozen import evolve
from app.games.protocol import Action, IllegalAction, Knowledge, Strategy
from app.games.rng import below, pick
from app.games.search import Position, SearchExpert

WIN = 1000.0
MOVE_TYPES = ("step", "follow", "push")
ABILITY_SAMPLE = 6
"""Tile-changing abilities tried per decision: enough to find a good one, cheap to test."""


def standard(knowledge: Knowledge, rng: random.Random) -> Action:
    legal = knowledge.legal
    if len(legal) == 1:
        return legal[0]
    # A world the seat cannot tell from the match: only face-down tiles differ, and entering
    # one ends a move, so what a move does never depends on them.
    state: State = knowledge.sample(rng)
    judge = _Judge(state)
    candidates = list(legal)
    if state.phase == PHASE_ABILITY and len(candidates) > ABILITY_SAMPLE + 1:
        # Keep Skip and a random handful: trying every swap of Scarlett costs too much.
        sampled = [candidates[below(rng, len(candidates) - 1)] for _ in range(ABILITY_SAMPLE)]
        candidates = [*sampled, candidates[-1]]
    scores = [judge.action_value(action) for action in candidates]
    best = max(scores)
    return pick(rng, [a for a, s in zip(candidates, scores, strict=True) if s == best])


def _apply(state: State, action: Action) -> State:
    return rules.apply(state, state.characters[state.current].seat, action)[0]


def visited(state: State, name: str, without: str) -> frozenset[Pos]:
    """Every cell `name` could enter on its next move, with `without` taken off the board
    (so that the cell it stands on counts as open): where it could catch or join it."""
    who = character(state, name)
    if who is None or character(state, without) is None:
        return frozenset()
    others = tuple(c for c in state.characters if c.name != without)
    index = [c.name for c in others].index(name)
    start = evolve(
        state, characters=others, current=index, phase=PHASE_STEP, used=(), path=(who.pos,)
    )
    seen: set[Pos] = set()
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for action in rules.legal_actions(here, who.seat):
            after, log = rules.apply(here, who.seat, action)
            seen.update((e.data["to"][0], e.data["to"][1]) for e in log if _entered(e.data, name))
            if after.current == index and after.phase in ("follow", "push"):
                frontier.append(after)
    return frozenset(seen)


def _entered(event: Mapping[str, Any], name: str) -> bool:
    return event.get("event") in ("step", "carried") and event.get("character") == name


# --------------------------------------------------------------------------- judging


class _Judge:
    """Values positions for the faction of the character to move."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.mover = state.characters[state.current]
        self.faction = self.mover.faction
        self.zev_reach = visited(state, data.ZEV, without=data.INDIGO)
        self.indigo_reach = visited(state, data.INDIGO, without=data.SCARLETT)

    def action_value(self, action: Action) -> float:
        try:
            after = _apply(self.state, action)
        except IllegalAction:
            # The model should accept every listed action; if it ever did not, the bot must
            # still answer rather than stall its seat, so such an action just ranks last.
            return -WIN
        return self._best_after(after, depth=0)

    def _best_after(self, state: State, depth: int) -> float:
        """Value after the mover's remaining choices this turn, taken at their best."""
        same_move = state.current == self.state.current and state.phase in ("follow", "push")
        if same_move and depth < 8:
            seat = state.characters[state.current].seat
            return max(
                self._best_after(_apply(state, a), depth + 1)
                for a in rules.legal_actions(state, seat)
            )
        if action_changes_tiles(state, self.state):
            return self._value(state, fresh=True)
        return self._value(state, fresh=False)

    def _value(self, state: State, fresh: bool) -> float:
        foxes = foxes_value(state, self.mover.name, self._reaches(state, fresh))
        return foxes if self.faction == data.FOXES else -foxes

    def _reaches(self, state: State, fresh: bool) -> tuple[frozenset[Pos], frozenset[Pos]]:
        if not fresh:
            return self.zev_reach, self.indigo_reach
        return (
            visited(state, data.ZEV, without=data.INDIGO),
            visited(state, data.INDIGO, without=data.SCARLETT),
        )


def action_changes_tiles(after: State, before: State) -> bool:
    """Rotations and swaps change where arrows lead: the reach must be worked out again."""
    return before.phase == PHASE_ABILITY and after.board != before.board


def foxes_value(state: State, mover: str, reaches: tuple[frozenset[Pos], frozenset[Pos]]) -> float:
    """How good the table looks for the Foxes (the Guardians want the opposite)."""
    if state.phase == PHASE_OVER:
        return WIN if state.winner == data.FOXES else -WIN
    indigo, scarlett, zev = (character(state, n) for n in (data.INDIGO, data.SCARLETT, data.ZEV))
    if indigo is None or scarlett is None or zev is None:
        return 0.0
    zev_reach, indigo_reach = reaches
    guarded = adjacent(zev.pos, scarlett.pos)
    value = -3.0 * _distance(indigo.pos, scarlett.pos) + 0.4 * hidden_tile_count(state)
    value += 1.5 * min(_distance(zev.pos, indigo.pos), 4)
    value -= 6.0 if guarded else 0.0
    if mover != data.ZEV and indigo.pos in zev_reach:
        value -= 40.0  # Zev could catch him next time
    if mover != data.INDIGO and scarlett.pos in indigo_reach and not guarded:
        value += 25.0  # Indigo could reach her next time
    return value


def _distance(a: Pos, b: Pos) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# --------------------------------------------------------------------------- expert

FOXES_SCALE = 30.0
"""`foxes_value` points that move the Foxes' chances from even to about 73% (a logistic)."""


def faction_judge(position: Position) -> tuple[float, ...] | None:
    """Values the tree's leaf at once with `standard`'s own judgement of the table, for both
    factions: the search then looks several moves of either side ahead where `standard`
    looks at one."""
    if position.rollout_plies is None:
        return None
    state: State = position.state
    mover = state.characters[state.current].name
    reaches = (
        visited(state, data.ZEV, without=data.INDIGO),
        visited(state, data.INDIGO, without=data.SCARLETT),
    )
    foxes = 1.0 / (1.0 + math.exp(-foxes_value(state, mover, reaches) / FOXES_SCALE))
    factions = {c.seat: c.faction for c in state.characters}
    return tuple(
        foxes if factions.get(seat) == data.FOXES else 1.0 - foxes for seat in range(state.players)
    )


expert = SearchExpert(judge=faction_judge, iterations=80)

STRATEGIES: dict[str, Strategy] = {"standard": standard, "expert": expert}

"""The `expert` of every game: information-set Monte Carlo tree search over the contract alone.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012; OpenSpiel's `ISMCTSBot`): each
iteration draws a world the seat cannot tell from the real match (`Knowledge.sample`, i.e. the
engine's `determinize`), walks one shared tree in it, adds a node, plays the world on with a
rollout policy and credits every seat with its utility. Nodes are keyed by the action that
leads to them, so the tree gathers what every world agrees on; a child's score counts the
iterations in which it was available (its action legal in that world), which keeps actions
that are legal only in some worlds from looking better than they are.

The search uses `legal_actions`, `apply`, `to_act` and `outcome` of the engine and nothing of
its state. A game may add a `Judge` that ends rollouts early (a trick-taking round, say) and
values the table from the public view; otherwise rollouts run to the end of the match.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.games.knowledge import SeatKnowledge
from app.games.protocol import JSON, Action, Engine, Knowledge, Seat, Strategy
from app.games.rng import pick
from app.games.utility import Utility, outcome_utility


class Position:
    """Where an iteration stands, for a judge: the world (an imagined state, which the game's
    own code may read), the seat to act and its view (worked out on first read, then shared
    with the rollout policy), the view at the root, and the actions taken since the tree's
    leaf (None while still in the tree: a judge that values leaves lets the tree grow).
    `searcher` is the seat the search decides for."""

    __slots__ = ("_view", "actor", "engine", "rollout_plies", "root_view", "searcher", "state")

    def __init__(
        self,
        engine: Engine[Any],
        state: Any,
        actor: Seat,
        root_view: Mapping[str, JSON],
        rollout_plies: int | None,
        searcher: Seat,
    ) -> None:
        self.engine, self.state, self.actor = engine, state, actor
        self.root_view, self.rollout_plies, self.searcher = root_view, rollout_plies, searcher
        self._view: Mapping[str, JSON] | None = None

    @property
    def view(self) -> Mapping[str, JSON]:
        if self._view is None:
            self._view = self.engine.view(self.state, self.actor)
        return self._view

    def knowledge(self, legal: Sequence[Action]) -> SeatKnowledge:
        return SeatKnowledge(self.engine, self.state, self.actor, self._view, legal)


Judge = Callable[[Position], Utility | None]
"""Each seat's utility in [0, 1] once a rollout has gone far enough, else None. A judge that
reads views uses only their public fields (scores, round, trick): the view is of whichever
seat acts there."""

MAX_ROLLOUT = 5_000
"""A safety net: no rollout of a real match comes near it."""


class Node:
    """Statistics of one action in the tree, summed over the worlds it was tried in."""

    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.totals: list[float] = []

    def mean(self, seat: Seat) -> float:
        return self.totals[seat] / self.visits if self.visits else 0.0

    def credit(self, utility: Utility) -> None:
        if not self.totals:
            self.totals = [0.0] * len(utility)
        self.visits += 1
        for seat, value in enumerate(utility):
            self.totals[seat] += value


@dataclass(frozen=True)
class Appraisal:
    """An action and its expected utility for the seat that weighs it, in [0, 1]."""

    action: Action
    value: float


def action_key(action: Action) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class SearchExpert:
    """A `Strategy`: IS-MCTS with `iterations` worlds per decision, stopping early once
    `seconds` have passed (None: iterations only, which makes decisions reproducible)."""

    rollout: Strategy | None = None
    """The policy both sides follow after the tree; None: uniformly random actions."""
    judge: Judge | None = None
    iterations: int = 200
    seconds: float | None = 0.7
    """The wall-time cap on the server: 0.3 s short of the 1 s a decision may take, for the
    machine's own delays (on a loaded machine even `standard`'s p99 reaches 0.1-0.5 s)."""
    exploration: float = 0.7
    """UCB1's constant; utilities are in [0, 1]."""
    considered: Callable[[Knowledge], Sequence[Action]] | None = None
    """The game's choice of the legal actions (`knowledge.legal`) the tree tries, from what the
    acting seat knows (None: all of them): actions that cannot change the outcome left out,
    or the few its policy rates best, so the budget goes to telling those apart. Rollouts
    still get the full list; an empty choice falls back to it."""
    others_by_policy: bool = False
    """The other seats' moves are played by the rollout policy, in the tree too: the tree
    holds only the searcher's own choices. For partners (Duet), whom a shared tree would
    have answer as if they knew the searcher's plan."""

    def budgeted(self, iterations: int, seconds: float | None = None) -> SearchExpert:
        return replace(self, iterations=iterations, seconds=seconds)

    def __call__(self, knowledge: Knowledge, rng: random.Random) -> Action:
        legal = self._considered(knowledge)
        if len(legal) == 1:
            return legal[0]
        root = Node()
        started = time.perf_counter()
        for done in range(1, self.iterations + 1):
            self._iterate(root, knowledge, legal, rng)
            if self.seconds is not None:
                # Stop before an iteration as long as the average would pass the cap: on a
                # loaded machine one iteration can take a tenth of it.
                spent = time.perf_counter() - started
                if spent + spent / done > self.seconds:
                    break
        return self._best(root, legal, knowledge.seat)

    def _considered(self, knowledge: Knowledge) -> list[Action]:
        legal = list(knowledge.legal)
        if self.considered is None or len(legal) == 1:
            return legal
        return list(self.considered(knowledge)) or legal

    def _best(self, root: Node, legal: Sequence[Action], seat: Seat) -> Action:
        """The best mean among the well-tried actions (at least half as many visits as the
        most tried): near-even statistics make the most tried one a coin toss."""
        children = [root.children.get(action_key(action)) for action in legal]
        most = max((child.visits for child in children if child is not None), default=0)

        def rank(index: int) -> tuple[bool, float, int]:
            child = children[index]
            if child is None:
                return (False, 0.0, -index)
            return (2 * child.visits >= most, child.mean(seat), -index)

        return legal[max(range(len(legal)), key=rank)]

    def appraise(
        self, knowledge: Knowledge, rng: random.Random, made: Action, iterations: int
    ) -> list[Appraisal]:
        """Every action the search would consider, and `made` besides, each valued for the
        seat in the same sampled worlds (`iterations` shared among them, at least two worlds):
        a difference between two actions is not the luck of different deals. Below the root
        the tree searches as in a decision, so each action is valued as the expert would
        follow it up."""
        candidates = self._considered(knowledge)
        keys = [action_key(action) for action in candidates]
        if action_key(made) not in keys:
            candidates.append(made)
        if len(candidates) < 2:  # the pruning left no alternative: weigh every legal one
            candidates = list(knowledge.legal)
        root = Node()
        worlds = max(2, -(-iterations // len(candidates)))
        for _ in range(worlds):
            world = knowledge.sample(rng)
            for action in candidates:
                self._walk(root, knowledge, world, candidates, rng, action)
        seat = knowledge.seat
        return [
            Appraisal(action, root.children[action_key(action)].mean(seat)) for action in candidates
        ]

    # ----------------------------------------------------------------------- one iteration

    def _iterate(
        self, root: Node, knowledge: Knowledge, legal: Sequence[Action], rng: random.Random
    ) -> None:
        self._walk(root, knowledge, knowledge.sample(rng), legal, rng, None)

    def _walk(
        self,
        root: Node,
        knowledge: Knowledge,
        state: Any,
        legal: Sequence[Action],
        rng: random.Random,
        first: Action | None,
    ) -> None:
        """One iteration in the world `state`: the root's action is `first` if given (an
        appraisal tries each candidate in turn), else chosen by UCB1 like every other."""
        engine = knowledge.engine
        start = knowledge.view
        path = [root]
        searcher = knowledge.seat
        node, actor, choices = root, searcher, legal
        utility: Utility | None = None
        while True:
            if first is None:
                child, action, expanded = self._select(node, actor, choices, rng)
            else:
                (child, expanded), action, first = _taken(node, first), first, None
            state = engine.apply(state, actor, action).state
            path.append(child)
            state, actor, choices, utility = self._next_choice(engine, state, start, searcher)
            if self.others_by_policy:
                while utility is None and actor != searcher:
                    state = self._policy_step(engine, state, actor, choices, start, rng)
                    state, actor, choices, utility = self._next_choice(
                        engine, state, start, searcher
                    )
            if expanded or utility is not None:
                break
            node = child
            if self.considered is not None:  # only where the tree goes on: the pruning costs
                choices = self._considered(SeatKnowledge(engine, state, actor, legal=choices))
        if utility is None:
            utility = self._play_out(engine, state, start, searcher, rng)
        for visited in path:
            visited.credit(utility)

    def _select(
        self, node: Node, actor: Seat, legal: Sequence[Action], rng: random.Random
    ) -> tuple[Node, Action, bool]:
        """An untried action if there is one (a new node), else the best by UCB1 for the
        seat that acts here, counting only iterations in which each action was legal."""
        keys = [action_key(action) for action in legal]
        untried = []
        for index, key in enumerate(keys):
            child = node.children.get(key)
            if child is None:
                untried.append(index)
            else:
                child.available += 1
        if untried:
            index = pick(rng, untried)
            child = node.children[keys[index]] = Node()
            child.available = 1
            return child, legal[index], True
        children = [node.children[key] for key in keys]

        def ucb(index: int) -> float:
            child = children[index]
            bonus = self.exploration * math.sqrt(math.log(child.available) / child.visits)
            return child.mean(actor) + bonus

        best = max(range(len(legal)), key=ucb)
        return children[best], legal[best], False

    def _next_choice(
        self, engine: Engine[Any], state: Any, start: Mapping[str, JSON], searcher: Seat
    ) -> tuple[Any, Seat, Sequence[Action], Utility | None]:
        """Forced moves are played at once (they need no node); the next real choice, or the
        utility if the match (or the judge's horizon) ends first."""
        while True:
            actors = engine.to_act(state)
            if not actors:
                return state, 0, (), _outcome(engine, state)
            actor = actors[0]
            if self.judge is not None:
                utility = self.judge(Position(engine, state, actor, start, None, searcher))
                if utility is not None:
                    return state, actor, (), utility
            legal = engine.legal_actions(state, actor)
            if len(legal) > 1:
                return state, actor, legal, None
            state = engine.apply(state, actor, legal[0]).state

    def _play_out(
        self,
        engine: Engine[Any],
        state: Any,
        start: Mapping[str, JSON],
        searcher: Seat,
        rng: random.Random,
    ) -> Utility:
        """Every seat follows the rollout policy, knowing only its own part of the imagined
        world, until the match or the judge's horizon ends."""
        for ply in range(MAX_ROLLOUT):
            actors = engine.to_act(state)
            if not actors:
                return _outcome(engine, state)
            position = Position(engine, state, actors[0], start, ply, searcher)
            if self.judge is not None:
                utility = self.judge(position)
                if utility is not None:
                    return utility
            legal = engine.legal_actions(state, position.actor)
            action = self._policy(position, legal, rng)
            state = engine.apply(state, position.actor, action).state
        raise RuntimeError(f"{engine.id}: a rollout did not end")

    def _policy(self, position: Position, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1 or self.rollout is None:
            return pick(rng, legal)
        return self.rollout(position.knowledge(legal), rng)

    def _policy_step(
        self,
        engine: Engine[Any],
        state: Any,
        actor: Seat,
        legal: Sequence[Action],
        start: Mapping[str, JSON],
        rng: random.Random,
    ) -> Any:
        position = Position(engine, state, actor, start, None, actor)
        return engine.apply(state, actor, self._policy(position, legal, rng)).state


def _taken(node: Node, action: Action) -> tuple[Node, bool]:
    """The child of `action` (new, i.e. to be played out at once, if it was never tried)."""
    key = action_key(action)
    child = node.children.get(key)
    if child is None:
        child = node.children[key] = Node()
        child.available = 1
        return child, True
    child.available += 1
    return child, False


def _outcome(engine: Engine[Any], state: Any) -> Utility:
    outcome = engine.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{engine.id}: nobody is to act but the match runs")
    return outcome_utility(outcome)

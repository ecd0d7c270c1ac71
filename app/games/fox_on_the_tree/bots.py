"""The bots of Fox on the Tree; each decides from its seat's `Knowledge` alone.

`standard` takes a world its seat cannot tell from the match (`Knowledge.sample`: the other
players' cards are unknown and never matter to what an action does) and tries each legal
action in it with the engine's own rules. A position is judged by the points the bot's card
expects: favourites count up, the disliked animal down. An animal still running is worth more
the further it has come (arrivals take the high numbers), less when some move next turn could
eliminate it. Tokens are kept unless they pay: they break ties, and an Escape saves a
favourite.

`expert` is the generic search (app/games/search.py), valuing its leaves by the same judgement
for every seat; at each of its decisions the tree tries only the few actions that judgement
rates best.
"""

from __future__ import annotations

import random

from app.games.fox_on_the_tree import rules
from app.games.fox_on_the_tree import rules_actions as a
from app.games.fox_on_the_tree.data import ANIMALS, ESCAPE, HALVES, TILE_COUNT
from app.games.fox_on_the_tree.rules_moves import conflict_loser, destinations, slide
from app.games.fox_on_the_tree.state import (
    OVER,
    State,
    card_of,
    fate,
    on_board,
    points,
    position,
    start_of,
)
from app.games.protocol import Action, Knowledge, Strategy
from app.games.rng import pick
from app.games.search import Position, SearchExpert

TOKEN_VALUE = 0.5
"""A token kept is worth a little: it breaks ties at the end."""
ESCAPE_RESERVE = 2.0
"""An Escape kept may later save a favourite: spend it at the start of a turn only for more."""
RUNNING_BASE, RUNNING_GAIN = 4.0, 4.0
"""A running animal expects about 4 at its start and up to 8 as it nears its final tile."""
TOKEN_PLAYS = (a.PLAY_BANANA, a.PLAY_SWAMP, a.PLAY_ESCAPE)


def standard(knowledge: Knowledge, rng: random.Random) -> Action:
    legal, seat = knowledge.legal, knowledge.seat
    if len(legal) == 1:
        return legal[0]
    # Any world the seat cannot tell from the match will do: the other players' cards are
    # all it does not know, and they never change what an action does.
    state: State = knowledge.sample(rng)
    weights = _weights(state, seat)
    scores = [_action_value(state, seat, action, weights) for action in legal]
    best = max(scores)
    return pick(rng, [action for action, s in zip(legal, scores, strict=True) if s == best])


def _weights(state: State, seat: int) -> dict[str, float]:
    card = card_of(state, seat)
    return {card.farm: 1.0, card.predator: 1.0, card.disliked: -1.0}


# --------------------------------------------------------------------------- judging


def _action_value(state: State, seat: int, action: Action, weights: dict[str, float]) -> float:
    # The action comes from the legal list: skip re-checking it against the rules.
    after = rules.perform(state, seat, a.parse(action)).state
    value = _position_value(after, weights)
    if action["type"] in TOKEN_PLAYS or action["type"] == a.SAVE:
        value -= TOKEN_VALUE
    if action["type"] == a.PLAY_ESCAPE:
        value -= ESCAPE_RESERVE
    return value


def _position_value(
    state: State, weights: dict[str, float], threatened: frozenset[str] | None = None
) -> float:
    """`threatened`: `_threatened(state)` if the caller has it already (it is the dear part)."""
    if threatened is None:
        threatened = _threatened(state)
    return sum(
        weight * _expected_points(state, animal, animal in threatened)
        for animal, weight in weights.items()
    )


def _expected_points(state: State, animal: str, threatened: bool) -> float:
    earned = float(sum(points(state, animal)))
    if state.phase == OVER:
        return earned
    later = RUNNING_BASE if state.half < HALVES[-1] else 0.0  # phase 2 is all to play
    if fate(state, state.half, animal):
        return earned + later
    lowest = float(state.track[state.half - 1].index("") + 1)
    if state.pending is not None and state.pending.animal == animal:
        return earned + later + (lowest + RUNNING_BASE) / 2  # someone may still save it
    progress = abs(position(state, animal) - start_of(state, animal)) / (TILE_COUNT - 1)
    running = RUNNING_BASE + RUNNING_GAIN * progress
    if threatened:
        running = (running + lowest) / 2
    return earned + later + running


THREATS_KEPT = 20_000
"""Positions whose threatened animals are remembered (about 2 MB): the search meets the same
position again and again, in other worlds (which differ only in cards) and other branches."""
_threats: dict[tuple[int, tuple[int, ...], tuple[str, ...]], frozenset[str]] = {}


def _threatened(state: State) -> frozenset[str]:
    """Animals that some single move on the next turn would eliminate (Escapes aside). Only
    the board decides it (the half, the animals' tiles, the tokens on tiles): remembered by
    that (a pure function's results, so sharing them between decisions and threads is safe)."""
    if state.phase == OVER or state.pending is not None:
        return frozenset()
    key = (state.half, state.positions, state.tile_tokens)
    found = _threats.get(key)
    if found is None:
        if len(_threats) >= THREATS_KEPT:
            _threats.clear()
        found = _threats[key] = _losers_next_turn(state)
    return found


def _losers_next_turn(state: State) -> frozenset[str]:
    losers: set[str] = set()
    for animal in on_board(state):
        for landing in destinations(state, animal):
            tile, _ = slide(state, animal, landing)
            positions = list(state.positions)
            positions[ANIMALS.index(animal)] = tile
            loser = conflict_loser(state, tile, positions)
            if loser is not None:
                losers.add(loser)
    return frozenset(losers)


# --------------------------------------------------------------------------- expert

POINTS_SCALE = 30.0
"""Expected points that make a seat's utility 1. Each seat's own expectation, as `standard`
judges it: the other players' cards in a sampled world are a guess, so a value relative to
theirs would mostly measure the guess."""


REPLIES = 12
"""A safety net: a turn after a leaf takes a few actions."""


def points_judge(position: Position) -> tuple[float, ...] | None:
    """Past the tree's leaf, once another seat is to act (the bot's own turn, if the leaf
    left it one, is played as `standard`), the table is valued with `standard`'s judgement
    for every seat (in the imagined world every card is dealt). That judgement expects the
    others to move next, as it does for `standard`; the tree adds the replies it meets."""
    plies = position.rollout_plies
    if plies is None or (position.actor == position.searcher and plies < REPLIES):
        return None
    state: State = position.state
    threatened = _threatened(state)  # the same for every seat: worked out once
    return tuple(
        min(
            1.0,
            max(
                0.0,
                (
                    _position_value(state, _weights(state, seat), threatened)
                    + _tokens_value(state, seat)
                )
                / POINTS_SCALE,
            ),
        )
        for seat in range(state.players)
    )


def _tokens_value(state: State, seat: int) -> float:
    """What `standard` charges for spending tokens, as the worth of keeping them."""
    held = state.held[seat]
    return TOKEN_VALUE * len(held) + (ESCAPE_RESERVE if ESCAPE in held else 0.0)


CANDIDATES = 4
"""The actions the expert's tree tries at a decision: the best by `standard`'s judgement. Four,
not eight: with a hundred worlds each gets about 25 visits, enough to tell them apart (eight
won 56.7% of 60 two-player matches against `standard`, four 62.5% of the same 60)."""


def candidates(knowledge: Knowledge) -> list[Action]:
    """The actions `standard` rates best: a turn offers about 30 (a token on any of 8 tiles,
    twice, and a dozen moves), too many to tell apart with a few visits each."""
    legal = list(knowledge.legal)
    if len(legal) <= CANDIDATES:
        return legal
    # Any world will do (see `standard`); a fixed generator: the same choice every visit.
    state: State = knowledge.sample(random.Random(0))
    weights = _weights(state, knowledge.seat)
    values = [_action_value(state, knowledge.seat, action, weights) for action in legal]
    order = sorted(range(len(legal)), key=lambda i: values[i], reverse=True)
    return [legal[i] for i in order[:CANDIDATES]]


expert = SearchExpert(
    rollout=standard,
    judge=points_judge,
    iterations=100,
    exploration=0.3,
    considered=candidates,
)

STRATEGIES: dict[str, Strategy] = {"standard": standard, "expert": expert}

"""The `standard` bot: reads only its view and the legal actions.

It rebuilds the table from the view (the other players' cards are unknown and never matter to
what an action does, so placeholders stand in for them) and tries each legal action with the
engine's own rules. A position is judged by the points the bot's card expects: favourites
count up, the disliked animal down. An animal still running is worth more the further it has
come (arrivals take the high numbers), less when some move next turn could eliminate it.
Tokens are kept unless they pay: they break ties, and an Escape saves a favourite.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.games.fox_on_the_tree import actions as a
from app.games.fox_on_the_tree import rules
from app.games.fox_on_the_tree.data import ANIMALS, CARDS, OFF_BOARD, PHASES, TILE_COUNT
from app.games.fox_on_the_tree.moves import conflict_loser, destinations, slide
from app.games.fox_on_the_tree.state import (
    OVER,
    Pending,
    State,
    card_of,
    fate,
    on_board,
    points,
    position,
    start_of,
)
from app.games.protocol import Action, Strategy
from app.games.rng import pick

TOKEN_VALUE = 0.5
"""A token kept is worth a little: it breaks ties at the end."""
ESCAPE_RESERVE = 2.0
"""An Escape kept may later save a favourite: spend it at the start of a turn only for more."""
RUNNING_BASE, RUNNING_GAIN = 4.0, 4.0
"""A running animal expects about 4 at its start and up to 8 as it nears its final tile."""
TOKEN_PLAYS = (a.PLAY_BANANA, a.PLAY_SWAMP, a.PLAY_ESCAPE)


def standard(
    view: Mapping[str, Any], legal: Sequence[Action], seat: int, rng: random.Random
) -> Action:
    if len(legal) == 1:
        return legal[0]
    state = model_from_view(view, seat)
    weights = _weights(state, seat)
    scores = [_action_value(state, seat, action, weights) for action in legal]
    best = max(scores)
    return pick(rng, [action for action, s in zip(legal, scores, strict=True) if s == best])


# --------------------------------------------------------------------------- the public model


def model_from_view(view: Mapping[str, Any], seat: int) -> State:
    """A state that plays exactly like the real one as far as the view can tell."""
    players = int(view["players"])
    own = int(str(view["your_card"]["id"]).removeprefix("card-"))
    fillers = iter(n for n in sorted(CARDS) if n != own)
    question = view["escape_question"]
    return State(
        players=players,
        seed=0,
        cards=tuple(own if s == seat else next(fillers) for s in range(players)),
        phase=int(view["phase"]),
        positions=tuple(_position(view, animal) for animal in ANIMALS),
        tile_tokens=tuple(view["tiles"][t]["token"] or "" for t in range(TILE_COUNT)),
        held=tuple(tuple(s["tokens"]) for s in view["seats"]),
        track=tuple(tuple(slot["animal"] or "" for slot in ring) for ring in view["track"]),
        losses=tuple(sum(slot["fate"] == "eliminated" for slot in ring) for ring in view["track"]),
        active=int(view["active"]),
        stage=str(view["stage"]),
        pending=None
        if question is None
        else Pending(question["animal"], (question["asking"], *question["then"])),
        turn=int(view["turn"]),
    )


def _position(view: Mapping[str, Any], animal: str) -> int:
    tile = next(entry["tile"] for entry in view["animals"] if entry["animal"] == animal)
    return OFF_BOARD if tile is None else int(tile)


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


def _position_value(state: State, weights: dict[str, float]) -> float:
    threatened = _threatened(state)
    return sum(
        weight * _expected_points(state, animal, animal in threatened)
        for animal, weight in weights.items()
    )


def _expected_points(state: State, animal: str, threatened: bool) -> float:
    earned = float(sum(points(state, animal)))
    if state.stage == OVER:
        return earned
    later = RUNNING_BASE if state.phase < PHASES[-1] else 0.0  # phase 2 is all to play
    if fate(state, state.phase, animal):
        return earned + later
    lowest = float(state.track[state.phase - 1].index("") + 1)
    if state.pending is not None and state.pending.animal == animal:
        return earned + later + (lowest + RUNNING_BASE) / 2  # someone may still save it
    progress = abs(position(state, animal) - start_of(state, animal)) / (TILE_COUNT - 1)
    running = RUNNING_BASE + RUNNING_GAIN * progress
    if threatened:
        running = (running + lowest) / 2
    return earned + later + running


def _threatened(state: State) -> set[str]:
    """Animals that some single move on the next turn would eliminate (Escapes aside)."""
    if state.stage == OVER or state.pending is not None:
        return set()
    losers: set[str] = set()
    for animal in on_board(state):
        for landing in destinations(state, animal):
            tile, _ = slide(state, animal, landing)
            positions = list(state.positions)
            positions[ANIMALS.index(animal)] = tile
            loser = conflict_loser(state, tile, positions)
            if loser is not None:
                losers.add(loser)
    return losers


STRATEGIES: dict[str, Strategy] = {"standard": standard}

"""The bots of Oh Fox!; each decides from its seat's `Knowledge` alone.

`standard` reads the view only.
Prey plan greedily towards uneaten food of their diet, eat with stops, keep away from where the
predator may stand, and make sure they can get home by turn 8. The predator heads for the
spaces where the prey may stand (every prey animal still possible for them), and guesses each
identity from where the player stopped: a prey stops on its own food.

`expert` is the generic search (app/games/search.py) with `standard` rollouts to the end of
the match; its tree holds only its own cards (the others answer as `standard`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.games.oh_fox.data import COLS, DIETS, ROWS, TURNS
from app.games.oh_fox.data_board import ALL_SPACES, Space, food_at, parse_space
from app.games.oh_fox.scoring_reckoning import track, unit_steps
from app.games.oh_fox.state import Play
from app.games.protocol import Action, Knowledge, Strategy
from app.games.search import SearchExpert

EATING_CARDS = ("stop", "move_stop")


# ----------------------------------------------------------------------------- reading the view


def _space(text: str) -> Space:
    space = parse_space(text)
    if space is None:
        raise ValueError(f"not a space: {text!r}")
    return space


def _distance(a: Space, b: Space) -> int:
    """Moves needed on the wrap-around board, ignoring tunnels and abilities."""
    rows, cols = abs(a[0] - b[0]), abs(a[1] - b[1])
    return min(rows, ROWS - rows) + min(cols, COLS - cols)


def _row(seat_view: Mapping[str, Any]) -> list[Play]:
    return [Play(p["card"], p["direction"]) for p in seat_view["row"]]


def _play(action: Action) -> Play:
    return Play(str(action["card"]), action.get("direction"))


def _possible_spaces(seat_view: Mapping[str, Any], animals: Sequence[str]) -> list[Space]:
    """Where a player stands now for each animal it may be (one entry per animal)."""
    home = _space(seat_view["home"])
    return [track(animal, _row(seat_view), home)[-1] for animal in animals]


def _animals(view: Mapping[str, Any], kind: str) -> list[str]:
    return [card["animal"] for card in view["animals"] if card["kind"] == kind]


def _eaten(animal: str, row: Sequence[Play], home: Space) -> set[Space]:
    """The spaces where a prey playing `row` as `animal` has eaten."""
    spaces = track(animal, row, home)
    return {
        spaces[turn + 1]
        for turn, play in enumerate(row)
        if play.card in EATING_CARDS and food_at(spaces[turn + 1]) == DIETS.get(animal)
    }


def _end_of(animal: str, play: Play, here: Space) -> tuple[Space, list[Space]]:
    """Where `play` takes `animal` from `here`, and every space it touches on the way."""
    steps = unit_steps(animal, play, here)
    touched = [space for _, space in steps] or [here]
    return touched[-1], touched


# ----------------------------------------------------------------------------- prey


def _predator_spaces(view: Mapping[str, Any]) -> list[Space]:
    predator = view["predator_seat"]
    if predator is None:
        return []  # Masked Predator: any player might be it, so fear nobody in particular
    return _possible_spaces(view["seats"][predator], _animals(view, "predator"))


@dataclass(frozen=True, slots=True)
class Prey:
    """What a prey's decision needs that no card changes, worked out once per decision (a
    rollout of the expert makes a decision at every step)."""

    animal: str
    home: Space
    here: Space
    eaten: frozenset[Space]
    food: tuple[Space, ...]
    """Spaces with its food where it has not eaten yet."""
    turns_after: int
    predator: tuple[Space, ...]
    """Where the predator may stand."""


def _prey(view: Mapping[str, Any]) -> Prey:
    me = view["you"]
    animal, diet = me["animal"], me["diet"]
    home = _space(view["seats"][me["seat"]]["home"])
    eaten = frozenset(_eaten(animal, _row(view["seats"][me["seat"]]), home))
    food = tuple(s for s in ALL_SPACES if food_at(s) == diet and s not in eaten)
    here = _space(me["track"][-1])
    predator = tuple(_predator_spaces(view))
    return Prey(animal, home, here, eaten, food, TURNS - view["turn"], predator)


def _prey_value(prey: Prey, play: Play, rng: random.Random) -> float:
    end, touched = _end_of(prey.animal, play, prey.here)
    value = rng.random() * 0.1
    food: Sequence[Space] = prey.food
    if play.card in EATING_CARDS and end in food:  # its food, not eaten there yet
        value += 5.0
        food = [s for s in food if s != end]
    elif play.card == "stop":
        value -= 1.5  # stops are how prey eat: do not waste them
    elif play.card == "move_stop":
        value -= 0.7
    if play.card == "trigger":
        value -= 0.3  # a late first trigger wins ties
    if food and prey.turns_after > 0:
        value -= 0.8 * min(_distance(end, s) for s in food)
    value += _homeward(end, prey.home, prey.turns_after)
    value -= _danger(touched, prey.predator)
    return value


def _homeward(end: Space, home: Space, turns_after: int) -> float:
    """Reward being home after turn 8; punish drifting too far to make it back in time."""
    if turns_after == 0:
        return 3.0 if end == home else 0.0
    slack = turns_after - _distance(end, home)
    return -4.0 if slack < 0 else (-1.0 if slack == 0 and turns_after <= 2 else 0.0)


def _danger(touched: Sequence[Space], predator: Sequence[Space]) -> float:
    if not predator:
        return 0.0
    share = 1.0 / len(predator)
    risk = sum(share for space in predator if space in touched)
    near = sum(share for space in predator if _distance(space, touched[-1]) == 1)
    return 3.0 * risk + 1.0 * near


# ----------------------------------------------------------------------------- predator


def _prey_spaces(view: Mapping[str, Any]) -> list[list[Space]]:
    me = view["you"]["seat"]
    prey = _animals(view, "prey")
    return [_possible_spaces(seat, prey) for seat in view["seats"] if seat["seat"] != me]


def _predator_value(
    view: Mapping[str, Any], play: Play, rng: random.Random, prey: Sequence[Sequence[Space]]
) -> float:
    """`prey`: where each other player may stand (worked out once per decision)."""
    me = view["you"]
    end, touched = _end_of(me["animal"], play, _space(me["track"][-1]))
    value = rng.random() * 0.1
    for spaces in prey:
        share = 1.0 / len(spaces)
        value += 3.0 * sum(share for space in spaces if space in touched)
        value -= 0.5 * min(_distance(end, space) for space in spaces)
    if play.card == "trigger":
        value -= 0.3
    return value


def _guess(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """The animal whose food this player stopped on most often."""
    seat_view = view["seats"][legal[0]["seat"]]
    home = _space(seat_view["home"])
    row = _row(seat_view)

    def evidence(action: Action) -> float:
        return len(_eaten(str(action["animal"]), row, home)) + rng.random() * 0.1

    return max(legal, key=evidence)


# ----------------------------------------------------------------------------- the strategy


def standard(knowledge: Knowledge, rng: random.Random) -> Action:
    view, legal = knowledge.view, knowledge.legal
    guesses = [a for a in legal if a["type"] == "guess"]
    if guesses:
        return _guess(view, guesses, rng)
    plays = [a for a in legal if a["type"] == "play"]
    if not plays:
        return legal[0]
    if view["you"]["role"] == "predator":
        spaces = _prey_spaces(view)
        return max(plays, key=lambda action: _predator_value(view, _play(action), rng, spaces))
    prey = _prey(view)
    return max(plays, key=lambda action: _prey_value(prey, _play(action), rng))


# ----------------------------------------------------------------------------- expert


def outcome_moves(knowledge: Knowledge) -> list[Action]:
    """The actions the expert's tree tries: cards and guesses. The predator's marks are a
    memory aid that cannot change the match, and there are about 25 per other player: a
    tree that tried them would hardly try a card."""
    return [action for action in knowledge.legal if action["type"] in ("play", "guess")]


expert = SearchExpert(
    rollout=standard,
    iterations=60,
    exploration=0.5,
    considered=outcome_moves,
    others_by_policy=True,
)
"""The generic search with `standard` rollouts to the end of the match (eight turns). The
other players are played as `standard` in the tree too: their cards are chosen at the same
time as the bot's, and a shared tree would have them answer as if they had seen its card."""

STRATEGIES: dict[str, Strategy] = {"standard": standard, "expert": expert}

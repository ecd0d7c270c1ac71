"""Actions: their shapes, the legal list, the "over" test, and applying them.

Action vocabulary:
- {"type": "play", "card": "single"|"double"|"move_stop"|"trigger", "direction": "north"|...}
  and {"type": "play", "card": "stop"}: this turn's secret choice.
- {"type": "mark", "seat": n, "space": "r1c2"} / {"type": "unmark", "seat": n}: the predator's
  private memory aid (not with Masked Predator), while it is the predator's turn to act.
- {"type": "guess", "seat": n, "animal": "squirrel"}: after turn 8, one per other seat in order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games.actions import Field, Shapes, check_shape
from app.games.frozen import evolve
from app.games.oh_fox.data import ANIMALS, CARD_NAMES, CARD_TYPES, DIRECTIONS, TURNS, UNDIRECTED
from app.games.oh_fox.data_board import ALL_SPACES, parse_space, space_id, space_name
from app.games.oh_fox.scoring import finish
from app.games.oh_fox.state import (
    GUESS,
    OVER,
    PROGRAM,
    OhFoxState,
    Play,
    current_turn,
    hand_counts,
    next_guess_seat,
    predator_seat,
    shown_prey,
    to_act,
)
from app.games.protocol import MALFORMED, NOT_YOUR_TURN, Action, IllegalAction, LogEntry, Transition

__all__ = ["SHAPES", "apply", "is_over", "legal_actions", "to_act"]

_SEAT = Field(int, '"seat" must be a seat number.')
_SPACE_IDS = frozenset(space_id(space) for space in ALL_SPACES)
SHAPES: Shapes = {
    "play": {
        "card": Field(str, f'"card" must be one of: {", ".join(CARD_TYPES)}.', CARD_TYPES),
        "direction": Field(
            str, f'"direction" must be one of: {", ".join(DIRECTIONS)}.', DIRECTIONS, required=False
        ),
    },
    "mark": {
        "seat": _SEAT,
        "space": Field(str, '"space" must be a board space such as "r1c2".', _SPACE_IDS),
    },
    "unmark": {"seat": _SEAT},
    "guess": {
        "seat": _SEAT,
        "animal": Field(str, f'"animal" must be one of: {", ".join(ANIMALS)}.', ANIMALS),
    },
}


# ----------------------------------------------------------------------------- legal actions


def legal_plays(state: OhFoxState, seat: int) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = []
    for card, count in hand_counts(state, seat).items():
        if count == 0:
            continue
        if card in UNDIRECTED:
            actions.append({"type": "play", "card": card})
        else:
            actions.extend({"type": "play", "card": card, "direction": d} for d in DIRECTIONS)
    return actions


def _legal_marks(state: OhFoxState, seat: int) -> list[dict[str, Any]]:
    if state.masked or seat != predator_seat(state):
        return []
    actions: list[dict[str, Any]] = []
    for other in range(state.players):
        if other == seat:
            continue
        for space in ALL_SPACES:
            if state.marks[other] != space:
                actions.append({"type": "mark", "seat": other, "space": space_id(space)})
        if state.marks[other] is not None:
            actions.append({"type": "unmark", "seat": other})
    return actions


def _legal_guesses(state: OhFoxState) -> list[dict[str, Any]]:
    seat = next_guess_seat(state)
    taken = set(state.guesses)
    return [
        {"type": "guess", "seat": seat, "animal": animal}
        for animal in shown_prey(state)
        if animal not in taken
    ]


def legal_actions(state: OhFoxState, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    if state.phase == PROGRAM:
        return legal_plays(state, seat) + _legal_marks(state, seat)
    return _legal_guesses(state) + _legal_marks(state, seat)


# ----------------------------------------------------------------------------- parsing


def _parse_play(action: Mapping[str, Any]) -> Play:
    """The card and its direction: a stop card has none, every other card needs one."""
    card = action["card"]
    if card in UNDIRECTED:
        if "direction" in action:
            raise IllegalAction("A stop card has no direction.", MALFORMED)
        return Play(card, None)
    if "direction" not in action:
        raise IllegalAction(f"A {CARD_NAMES[card]} card needs a direction.", MALFORMED)
    return Play(card, action["direction"])


# ----------------------------------------------------------------------------- apply


def is_over(state: OhFoxState) -> bool:
    return state.phase == OVER


def apply(state: OhFoxState, seat: int, raw: Action) -> Transition[OhFoxState]:
    action = check_shape(raw, SHAPES)
    kind = action["type"]
    play = _parse_play(action) if kind == "play" else None
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn to act.", NOT_YOUR_TURN)
    if play is not None:
        return _apply_play(state, seat, play)
    if kind == "guess":
        return _apply_guess(state, seat, action)
    return _apply_mark(state, seat, kind, action)


def _apply_play(state: OhFoxState, seat: int, play: Play) -> Transition[OhFoxState]:
    if state.phase != PROGRAM:
        raise IllegalAction("The eight turns are over: no more cards are played.")
    if hand_counts(state, seat)[play.card] == 0:
        raise IllegalAction(f"You have no {CARD_NAMES[play.card]} card left.")
    turn = current_turn(state)
    pending = tuple(play if s == seat else p for s, p in enumerate(state.pending))
    chosen = LogEntry(
        f"You chose a {describe(play)} for turn {turn}.",
        audience=seat,
        data={"event": "chose", "turn": turn, "card": play.card, "direction": play.direction},
        others=f"{{seat{seat}}} chose a {describe(play)} for turn {turn}.",
    )
    told = LogEntry(
        f"{{seat{seat}}} has chosen a card.", data={"event": "chosen", "seat": seat, "turn": turn}
    )
    state = evolve(state, pending=pending)
    if any(p is None for p in pending):
        return Transition(state, (chosen, told))
    revealed = _reveal(state)
    return Transition(revealed.state, (chosen, told, *revealed.log))


def describe(play: Play) -> str:
    if play.direction is None:
        return f"{CARD_NAMES[play.card]} card"
    return f"{CARD_NAMES[play.card]} card pointing {play.direction}"


def _reveal(state: OhFoxState) -> Transition[OhFoxState]:
    """Every seat has chosen: all cards turn face up at once and join the public rows."""
    turn = current_turn(state)
    plays = [p for p in state.pending if p is not None]
    rows = tuple((*row, play) for row, play in zip(state.rows, plays, strict=True))
    text = "; ".join(f"{{seat{s}}} plays a {describe(p)}" for s, p in enumerate(plays))
    entry = LogEntry(
        f"Turn {turn}: {text}.",
        data={
            "event": "revealed",
            "turn": turn,
            "plays": [
                {"seat": s, "card": p.card, "direction": p.direction} for s, p in enumerate(plays)
            ],
        },
    )
    phase = GUESS if turn == TURNS else PROGRAM
    state = evolve(state, rows=rows, pending=(None,) * state.players, phase=phase)
    if phase == GUESS:
        predator = predator_seat(state)
        guessing = LogEntry(
            f"All {TURNS} turns are played. {{seat{predator}}}, the predator, now guesses "
            "everyone's identity.",
            data={"event": "guessing", "predator": predator},
        )
        return Transition(state, (entry, guessing))
    return Transition(state, (entry,))


def _apply_guess(state: OhFoxState, seat: int, action: Mapping[str, Any]) -> Transition[OhFoxState]:
    if state.phase != GUESS:
        raise IllegalAction("The predator guesses identities after the eighth turn.")
    target, animal = action["seat"], action["animal"]
    if target != next_guess_seat(state):
        raise IllegalAction("Guess the other players in seat order.")
    if animal not in shown_prey(state):
        raise IllegalAction("Guess one of the prey animal cards on the table.")
    if animal in state.guesses:
        raise IllegalAction("You have already given that animal to another player.")
    guesses = tuple(animal if s == target else g for s, g in enumerate(state.guesses))
    state = evolve(state, guesses=guesses)
    entry = LogEntry(
        f"{{seat{seat}}} guesses that {{seat{target}}} is the {animal}.",
        data={"event": "guess", "seat": target, "animal": animal},
    )
    if sum(g is not None for g in guesses) < state.players - 1:
        return Transition(state, (entry,))
    finished = finish(state)
    return Transition(finished.state, (entry, *finished.log))


def _apply_mark(
    state: OhFoxState, seat: int, kind: str, action: Mapping[str, Any]
) -> Transition[OhFoxState]:
    if state.masked:
        raise IllegalAction("With Masked Predator the pawns stay in the box.")
    if seat != predator_seat(state):
        raise IllegalAction("Only the predator uses the other players' pawns.")
    target = action["seat"]
    if not 0 <= target < state.players or target == seat:
        raise IllegalAction("Mark the pawn of another player at the table.")
    space = None
    if kind == "mark":
        space = parse_space(action["space"])
    if state.marks[target] == space:
        raise IllegalAction("That pawn is already where you want it.")
    marks = tuple(space if s == target else m for s, m in enumerate(state.marks))
    where = "off the board" if space is None else f"at {space_name(space)}"
    entry = LogEntry(
        f"You put {{seat{target}}}'s pawn {where}.",
        audience=seat,
        data={"event": "mark", "seat": target, "space": None if space is None else space_id(space)},
        others=f"{{seat{seat}}} puts {{seat{target}}}'s pawn {where}.",
    )
    return Transition(evolve(state, marks=marks), (entry,))

"""Actions: the vocabulary, strict parsing, the legal list, refusals and dispatch.

{"type": "step", "direction": "NE"}            the free first step (Indigo: 8 directions)
{"type": "follow", "direction": "N"}           pick an arrow of a two-arrow tile
{"type": "push", "to": [row, col]}             Napoleon pushes the next character there
{"type": "rotate", "at": [row, col], "turns": 1|2|3}        Puffer
{"type": "swap", "at": [row, col], "with": [row, col]}      Scarlett (cells in reading order)
{"type": "reveal", "at": [row, col]}                        Zev
{"type": "switch", "with": [row, col]}                      Raffles
{"type": "skip"}                                            leave the ability unused
"""

from __future__ import annotations

from typing import Any

from app.games.actions import Field, Shapes, check_shape
from app.games.fox_on_the_run import data, rules_movement, rules_turns
from app.games.fox_on_the_run.data import Pos, cell_words
from app.games.fox_on_the_run.rules_abilities import ability_actions
from app.games.fox_on_the_run.state import (
    PHASE_ABILITY,
    PHASE_FOLLOW,
    PHASE_OVER,
    PHASE_PUSH,
    PHASE_STEP,
    State,
    mover,
    occupants,
    on_board,
    step_from,
    tile_at,
)
from app.games.protocol import JSON, NOT_YOUR_TURN, Action, IllegalAction, Seat, Transition


def _is_cell(value: list[object]) -> bool:
    return len(value) == 2 and all(type(n) is int for n in value) and on_board(_pos(value))


def _cell(name: str) -> Field:
    return Field(list, f"{name} is a tile as [row, column], each from 0 to 4.", valid=_is_cell)


_DIRECTION = Field(str, "A direction is one of N, NE, E, SE, S, SW, W, NW.", data.DIRECTIONS)
SHAPES: Shapes = {
    "step": {"direction": _DIRECTION},
    "follow": {"direction": _DIRECTION},
    "push": {"to": _cell("to")},
    "rotate": {
        "at": _cell("at"),
        "turns": Field(
            int, "turns is 1 (clockwise), 2 (half) or 3 (anticlockwise).", data.ROTATIONS
        ),
    },
    "swap": {"at": _cell("at"), "with": _cell("with")},
    "reveal": {"at": _cell("at")},
    "switch": {"with": _cell("with")},
    "skip": {},
}
PHASE_OF = {
    "step": PHASE_STEP,
    "follow": PHASE_FOLLOW,
    "push": PHASE_PUSH,
    "rotate": PHASE_ABILITY,
    "swap": PHASE_ABILITY,
    "reveal": PHASE_ABILITY,
    "switch": PHASE_ABILITY,
    "skip": PHASE_ABILITY,
}
ABILITY_OWNER = {
    "rotate": data.PUFFER,
    "swap": data.SCARLETT,
    "reveal": data.ZEV,
    "switch": data.RAFFLES,
}

ParsedAction = dict[str, JSON]


def is_over(state: State) -> bool:
    return state.phase == PHASE_OVER


def to_act(state: State) -> tuple[Seat, ...]:
    return () if is_over(state) else (mover(state).seat,)


def legal_actions(state: State, seat: Seat) -> list[ParsedAction]:
    if seat not in to_act(state):
        return []
    if state.phase == PHASE_STEP:
        return [{"type": "step", "direction": d} for d in rules_movement.first_steps(state)]
    if state.phase == PHASE_FOLLOW:
        return [
            {"type": "follow", "direction": arrow}
            for arrow, _ in rules_movement.arrow_options(state)
        ]
    if state.phase == PHASE_PUSH:
        at = mover(state).pos
        return [
            {"type": "push", "to": list(cell)}
            for cell in rules_movement.good_push_targets(state, at, state.to_push)
        ]
    return [*ability_actions(state), {"type": "skip"}]


def apply(state: State, seat: Seat, raw: Action) -> Transition[State]:
    if seat not in to_act(state):
        message = "The match is over." if is_over(state) else "It is not your turn."
        raise IllegalAction(message, NOT_YOUR_TURN)
    action = check_shape(raw, SHAPES)
    if action not in legal_actions(state, seat):
        raise IllegalAction(refusal(state, action))
    after, log = _dispatch(state, action)
    return Transition(after, tuple(log))


def _dispatch(state: State, action: ParsedAction) -> rules_turns.Result:
    kind = action["type"]
    if kind == "step":
        return rules_turns.first_step(state, str(action["direction"]))
    if kind == "follow":
        return rules_turns.follow(state, str(action["direction"]))
    if kind == "push":
        return rules_turns.push(state, _pos(action["to"]))
    return rules_turns.use_ability(state, action)


# --------------------------------------------------------------------------- parsing


def _pos(value: Any) -> Pos:
    return (int(value[0]), int(value[1]))


# --------------------------------------------------------------------------- refusals


def refusal(state: State, action: ParsedAction) -> str:
    """Why a well-formed action is not allowed now, in words that reveal nothing hidden."""
    who = mover(state)
    name = data.CHARACTER_WORDS[who.name]
    kind = str(action["type"])
    if PHASE_OF[kind] != state.phase:
        return f"Not now: {_due(state)}"
    if kind in ABILITY_OWNER and ABILITY_OWNER[kind] != who.name:
        return f"Only {data.CHARACTER_WORDS[ABILITY_OWNER[kind]]} can {kind} tiles."
    if kind == "step":
        return _step_refusal(state, str(action["direction"]))
    if kind == "follow":
        return (
            f"The tile under {name} has no {data.DIRECTION_WORDS[str(action['direction'])]} arrow."
        )
    if kind == "push":
        pushed = data.CHARACTER_WORDS[state.to_push[0]]
        return f"{pushed} cannot be pushed to {cell_words(_pos(action['to']))}."
    return _ability_refusal(state, action)


def _due(state: State) -> str:
    name = data.CHARACTER_WORDS[mover(state).name]
    return {
        PHASE_STEP: f"{name} must first take a step.",
        PHASE_FOLLOW: f"{name} must choose an arrow to follow.",
        PHASE_PUSH: "Napoleon must push the characters off his tile.",
        PHASE_ABILITY: f"{name}'s move is over; use the ability or skip it.",
    }[state.phase]


def _step_refusal(state: State, direction: str) -> str:
    who = mover(state)
    name = data.CHARACTER_WORDS[who.name]
    if direction not in rules_movement.step_directions(who):
        return f"{name} cannot move diagonally; only Indigo can."
    target = step_from(who.pos, direction)
    if not on_board(target):
        return f"{name} cannot leave the board."
    if who.name == data.BIG:
        return f"Napoleon could not push everyone off {cell_words(target)}."
    there = {c.name for c in occupants(state, target)}
    if who.name == data.INDIGO and data.SCARLETT in there:
        return "Indigo may enter Scarlett's tile only while Zev is not next to it."
    return f"{name} may not share {cell_words(target)} with the character standing there."


def _ability_refusal(state: State, action: ParsedAction) -> str:
    kind = action["type"]
    if kind == "rotate":
        return "Puffer can rotate only a revealed directional tile next to him that nobody is on."
    if kind == "swap":
        at, other = _pos(action["at"]), _pos(action["with"])
        if at >= other:
            return "Name two different tiles in reading order (top to bottom, left to right)."
        return "Scarlett can swap only two revealed tiles next to her that nobody is on."
    if kind == "reveal":
        return "Zev can reveal only a face-down tile next to him."
    # Only Raffles' switch is left: Skip is always listed while an ability is due.
    if not tile_at(state, mover(state).pos).revealed:
        return "Raffles can switch only when the tile he stands on is face up."
    return "Raffles can switch only with a revealed tile next to him that nobody is on."

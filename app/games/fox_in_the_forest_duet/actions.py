"""Actions: strict parsing, the legal list for each phase, and dispatch to the rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.games.fox_in_the_forest_duet import board, rounds, rules
from app.games.fox_in_the_forest_duet.data import DECK
from app.games.fox_in_the_forest_duet.state import (
    CHOOSE_DIRECTION,
    CHOOSE_EXCHANGER,
    COUNT_PAWS,
    EXCHANGE_DECREE,
    FOREST_SETUP,
    PASS_CARDS,
    PLAY,
    ROUND_END,
    State,
    Step,
)
from app.games.fox_in_the_forest_duet.tricks import playable
from app.games.protocol import MALFORMED, NOT_YOUR_TURN, Action, IllegalAction

# Every action type and its one field (None: no field) with the field's JSON type.
FIELDS: dict[str, tuple[str, type] | None] = {
    "play": ("card", str),
    "choose_exchanger": ("seat", int),
    "exchange_decree": ("card", str),
    "keep_decree": None,
    "pass_card": ("card", str),
    "count_paws": ("use", str),
    "choose_direction": ("toward", int),
    "place_forest_token": ("end", int),
    "next_round": None,
}

# The action types each phase accepts.
PHASE_TYPES: dict[str, tuple[str, ...]] = {
    FOREST_SETUP: ("place_forest_token",),
    PLAY: ("play",),
    CHOOSE_EXCHANGER: ("choose_exchanger",),
    EXCHANGE_DECREE: ("exchange_decree", "keep_decree"),
    PASS_CARDS: ("pass_card",),
    COUNT_PAWS: ("count_paws",),
    CHOOSE_DIRECTION: ("choose_direction",),
    ROUND_END: ("place_forest_token", "next_round"),
}

WHAT_NOW: dict[str, str] = {
    FOREST_SETUP: "Choose the end for the first forest token.",
    PLAY: "Play a card.",
    CHOOSE_EXCHANGER: "Choose who may exchange the decree card.",
    EXCHANGE_DECREE: "Keep the decree card or exchange it.",
    PASS_CARDS: "Pick a card to pass to your partner.",
    COUNT_PAWS: "Choose which paw prints count.",
    CHOOSE_DIRECTION: "Choose the way the tracker moves.",
    ROUND_END: "Place the end-of-round forest token.",
}


def parse(action: Any) -> tuple[str, Any]:
    """The action's type and its field's value, or MALFORMED."""
    if not isinstance(action, Mapping):
        raise IllegalAction("An action must be a JSON object.", MALFORMED)
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise IllegalAction("Unknown action type.", MALFORMED)
    spec = FIELDS[kind]
    expected = {"type"} | ({spec[0]} if spec else set())
    if set(action) != expected:
        raise IllegalAction(
            f"A {kind} action has the fields: {', '.join(sorted(expected))}.", MALFORMED
        )
    if spec is None:
        return kind, None
    name, kind_of_value = spec
    value = action[name]
    # bool is an int in Python: refuse true/false where a seat number is due.
    if type(value) is not kind_of_value:
        raise IllegalAction(f"The field {name} has the wrong type.", MALFORMED)
    _check_value(name, value)
    return kind, value


def _check_value(name: str, value: Any) -> None:
    if name == "card" and value not in DECK:
        raise IllegalAction("There is no such card.", MALFORMED)
    if name in ("seat", "toward", "end") and value not in (0, 1):
        raise IllegalAction(f"The field {name} must be 0 or 1.", MALFORMED)
    if name == "use" and value not in rules.PAW_CHOICES_TWO_FIVES:
        raise IllegalAction("Use one of: both, lead, follow, neither.", MALFORMED)


# --------------------------------------------------------------------------- legal actions


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in rules.to_act(state):
        return []
    if state.phase == PLAY:
        return [{"type": "play", "card": card} for card in playable(state, seat)]
    if state.phase == CHOOSE_EXCHANGER:
        return [{"type": "choose_exchanger", "seat": s} for s in rules.exchange_candidates(state)]
    if state.phase == EXCHANGE_DECREE:
        swaps = [{"type": "exchange_decree", "card": card} for card in state.hands[seat]]
        return [{"type": "keep_decree"}, *swaps]
    if state.phase == PASS_CARDS:
        return [{"type": "pass_card", "card": card} for card in state.hands[seat]]
    if state.phase == COUNT_PAWS:
        return [{"type": "count_paws", "use": use} for use in rules.paw_choices(state)]
    if state.phase == CHOOSE_DIRECTION:
        return [{"type": "choose_direction", "toward": end} for end in (0, 1)]
    return _forest_actions(state)


def _forest_actions(state: State) -> list[dict[str, Any]]:
    ends = (0, 1) if state.phase == FOREST_SETUP else board.round_end_ends(state)
    if state.phase == ROUND_END and not ends:
        return [{"type": "next_round"}]
    return [{"type": "place_forest_token", "end": end} for end in ends]


# --------------------------------------------------------------------------- dispatch

Handler = Callable[[State, int, Any], Step]

HANDLERS: dict[str, Handler] = {
    "play": rules.play,
    "choose_exchanger": rules.choose_exchanger,
    "exchange_decree": rules.exchange_decree,
    "keep_decree": lambda state, seat, _: rules.keep_decree(state, seat),
    "pass_card": rules.pass_card,
    "count_paws": rules.count_paws,
    "choose_direction": rules.choose_direction,
    "place_forest_token": rounds.place_forest_token,
    "next_round": lambda state, seat, _: rounds.next_round(state),
}


def apply(state: State, seat: int, action: Action) -> Step:
    kind, value = parse(action)
    if state.over:
        raise IllegalAction("The match is over.", NOT_YOUR_TURN)
    if seat not in rules.to_act(state):
        raise IllegalAction("It is not your turn.", NOT_YOUR_TURN)
    if kind not in PHASE_TYPES[state.phase]:
        raise IllegalAction(f"Not now: {WHAT_NOW[state.phase]}")
    return HANDLERS[kind](state, seat, value)

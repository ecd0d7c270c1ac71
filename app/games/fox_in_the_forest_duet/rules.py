"""Who acts, the legal list for each phase, the "over" test, and dispatch to the rules.

The rules themselves (tricks, the odd cards' decisions, the tracker) are in `rules_flow`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.actions import Field, Shapes, check_shape
from app.games.fox_in_the_forest_duet import rules_board, rules_flow, rules_rounds
from app.games.fox_in_the_forest_duet.data import DECK
from app.games.fox_in_the_forest_duet.hidden_memory import forget_with_trick
from app.games.fox_in_the_forest_duet.rules_flow import to_act
from app.games.fox_in_the_forest_duet.rules_tricks import playable
from app.games.fox_in_the_forest_duet.state import (
    CHOOSE_DIRECTION,
    CHOOSE_EXCHANGER,
    COUNT_PAWS,
    EXCHANGE_DECREE,
    FOREST_SETUP,
    OVER,
    PASS_CARDS,
    PLAY,
    ROUND_END,
    State,
    Step,
)
from app.games.protocol import NOT_YOUR_TURN, Action, IllegalAction, Transition


def _seat_field(name: str) -> Field:
    return Field(int, f"The field {name} must be 0 or 1.", (0, 1))


__all__ = ["SHAPES", "apply", "is_over", "legal_actions", "to_act"]

# Every action type and its field (at most one).
SHAPES: Shapes = {
    "play": {"card": Field(str, "There is no such card.", DECK)},
    "choose_exchanger": {"seat": _seat_field("seat")},
    "exchange_decree": {"card": Field(str, "There is no such card.", DECK)},
    "keep_decree": {},
    "pass_card": {"card": Field(str, "There is no such card.", DECK)},
    "count_paws": {
        "use": Field(
            str,
            "Use one of: both, lead, follow, neither.",
            rules_flow.PAW_CHOICES_TWO_FIVES,
        )
    },
    "choose_direction": {"toward": _seat_field("toward")},
    "place_forest_token": {"end": _seat_field("end")},
    "next_round": {},
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


# --------------------------------------------------------------------------- legal actions


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    if state.phase == PLAY:
        return [{"type": "play", "card": card} for card in playable(state, seat)]
    if state.phase == CHOOSE_EXCHANGER:
        return [
            {"type": "choose_exchanger", "seat": s} for s in rules_flow.exchange_candidates(state)
        ]
    if state.phase == EXCHANGE_DECREE:
        swaps = [{"type": "exchange_decree", "card": card} for card in state.hands[seat]]
        return [{"type": "keep_decree"}, *swaps]
    if state.phase == PASS_CARDS:
        return [{"type": "pass_card", "card": card} for card in state.hands[seat]]
    if state.phase == COUNT_PAWS:
        return [{"type": "count_paws", "use": use} for use in rules_flow.paw_choices(state)]
    if state.phase == CHOOSE_DIRECTION:
        return [{"type": "choose_direction", "toward": end} for end in (0, 1)]
    return _forest_actions(state)


def _forest_actions(state: State) -> list[dict[str, Any]]:
    ends = (0, 1) if state.phase == FOREST_SETUP else rules_board.round_end_ends(state)
    if state.phase == ROUND_END and not ends:
        return [{"type": "next_round"}]
    return [{"type": "place_forest_token", "end": end} for end in ends]


# --------------------------------------------------------------------------- dispatch

Handler = Callable[[State, int, Any], Step]

HANDLERS: dict[str, Handler] = {
    "play": rules_flow.play,
    "choose_exchanger": rules_flow.choose_exchanger,
    "exchange_decree": rules_flow.exchange_decree,
    "keep_decree": lambda state, seat, _: rules_flow.keep_decree(state, seat),
    "pass_card": rules_flow.pass_card,
    "count_paws": rules_flow.count_paws,
    "choose_direction": rules_flow.choose_direction,
    "place_forest_token": rules_rounds.place_forest_token,
    "next_round": lambda state, seat, _: rules_rounds.next_round(state),
}


def is_over(state: State) -> bool:
    return state.phase == OVER


def apply(state: State, seat: int, action: Action) -> Transition[State]:
    checked = check_shape(action, SHAPES)
    kind = checked["type"]
    fields = SHAPES[kind]
    value = checked[next(iter(fields))] if fields else None
    if is_over(state):
        raise IllegalAction("The match is over.", NOT_YOUR_TURN)
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn.", NOT_YOUR_TURN)
    if kind not in PHASE_TYPES[state.phase]:
        raise IllegalAction(f"Not now: {WHAT_NOW[state.phase]}")
    after, log = HANDLERS[kind](state, seat, value)
    return Transition(after, forget_with_trick(state, log))

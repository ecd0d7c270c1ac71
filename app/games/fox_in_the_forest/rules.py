"""Actions: strict parsing, the legal list for each decision, and dispatch to the rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.games.fox_in_the_forest.cards import sort_key, suit_cards
from app.games.fox_in_the_forest.data import SPECIAL_IDS, SUIT_SINGULAR
from app.games.fox_in_the_forest.flow import Log, next_round
from app.games.fox_in_the_forest.play import legal_cards, monarch_led, play_card
from app.games.fox_in_the_forest.state import State
from app.games.fox_in_the_forest.steps import discard_to_bottom, exchange_decree, keep_decree
from app.games.fox_in_the_forest.trick import play_face
from app.games.protocol import MALFORMED, NOT_YOUR_TURN, Action, IllegalAction

ALL_CARDS = frozenset(suit_cards() + SPECIAL_IDS)

# Every action type and its fields (all strings); which step accepts it is in STEP_ACTIONS.
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("card",),
    "exchange": ("card",),
    "keep_decree": (),
    "discard": ("card",),
    "next_round": (),
}
STEP_ACTIONS: dict[str, tuple[str, ...]] = {
    "play": ("play",),
    "fox": ("exchange", "keep_decree"),
    "discard": ("discard",),
    "deal": ("next_round",),
}
STEP_HINTS: dict[str, str] = {
    "play": "play a card",
    "fox": "exchange a card with the decree card or keep it",
    "discard": "put a card under the deck",
    "deal": "deal the next round",
}


def to_act(state: State) -> tuple[int, ...]:
    if state.step.kind == "over":
        return ()
    return (state.step.seat,)


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    kind = state.step.kind
    hand = sorted(state.hands[seat], key=sort_key)
    if kind == "play":
        allowed = set(legal_cards(state, seat))
        return [{"type": "play", "card": card} for card in hand if card in allowed]
    if kind == "fox":
        return [{"type": "exchange", "card": card} for card in hand] + [{"type": "keep_decree"}]
    if kind == "discard":
        return [{"type": "discard", "card": card} for card in hand]
    if kind == "deal":
        return [{"type": "next_round"}]
    return []


def parse(action: Any) -> dict[str, Any]:
    """The action as a plain dict, or MALFORMED for anything that is not a well-formed action."""
    if not isinstance(action, Mapping):
        raise IllegalAction("An action must be a JSON object.", MALFORMED)
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_FIELDS:
        raise IllegalAction("Unknown action type.", MALFORMED)
    expected = {"type", *ACTION_FIELDS[kind]}
    if set(action) != expected:
        fields = ", ".join(ACTION_FIELDS[kind]) or "no other fields"
        raise IllegalAction(f"A {kind} action takes {fields}.", MALFORMED)
    card = action.get("card")
    if "card" in expected and (not isinstance(card, str) or card not in ALL_CARDS):
        raise IllegalAction("That is not a card of this game.", MALFORMED)
    return dict(action)


def apply_action(state: State, seat: int, raw: Action) -> tuple[State, Log]:
    action = parse(raw)
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn.", NOT_YOUR_TURN)
    if action not in legal_actions(state, seat):
        raise IllegalAction(_refusal(state, seat, action))
    return HANDLERS[action["type"]](state, seat, action)


def _refusal(state: State, seat: int, action: dict[str, Any]) -> str:
    """A sentence saying why a well-formed action is not allowed (nothing hidden in it)."""
    kind = state.step.kind
    if action["type"] not in STEP_ACTIONS.get(kind, ()):
        return f"You cannot do that now: {STEP_HINTS.get(kind, 'wait')}."
    card = action.get("card")
    if card is not None and card not in state.hands[seat]:
        return "You do not hold that card."
    if action["type"] == "play":
        return _follow_refusal(state, seat)
    return "That is not allowed now."


def _follow_refusal(state: State, seat: int) -> str:
    if state.step.suit:
        return f"You must play a {SUIT_SINGULAR[state.step.suit]}: the Hammer named that suit."
    if state.lead is None:
        return "That card cannot be played now."
    suit = play_face(state, state.lead).suit or ""
    if monarch_led(state, state.lead):
        return f"A Monarch was led: play your Swan or your highest {SUIT_SINGULAR[suit]}."
    return f"You must follow suit: you hold a {SUIT_SINGULAR.get(suit, 'card of that suit')}."


HANDLERS: dict[str, Callable[[State, int, dict[str, Any]], tuple[State, Log]]] = {
    "play": lambda s, seat, a: play_card(s, seat, a["card"]),
    "exchange": lambda s, seat, a: exchange_decree(s, seat, a["card"]),
    "keep_decree": lambda s, seat, a: keep_decree(s, seat),
    "discard": lambda s, seat, a: discard_to_bottom(s, seat, a["card"]),
    "next_round": lambda s, seat, a: next_round(s),
}

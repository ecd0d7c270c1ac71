"""Actions: strict parsing, the legal list for each decision, and dispatch to the rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.actions import Field, Shapes, check_shape
from app.games.fox_in_the_forest.data import GOAL_IDS, SPECIAL_IDS, SUIT_SINGULAR, SUITS
from app.games.fox_in_the_forest.data_cards import sort_key, suit_cards
from app.games.fox_in_the_forest.hidden_memory import forget_with_trick
from app.games.fox_in_the_forest.rules_flow import next_round
from app.games.fox_in_the_forest.rules_goals import claim, claimable, claimants
from app.games.fox_in_the_forest.rules_play import (
    crown_partners,
    dig,
    legal_cards,
    monarch_led,
    play_card,
)
from app.games.fox_in_the_forest.rules_specials import (
    fairy_give,
    fairy_pass,
    fairy_take,
    hammer_name,
    potion_discard,
)
from app.games.fox_in_the_forest.rules_steps import (
    discard_to_bottom,
    exchange_decree,
    keep_decree,
    keep_shovel,
)
from app.games.fox_in_the_forest.rules_trick import play_face
from app.games.fox_in_the_forest.state import DEAL, State, is_over
from app.games.protocol import NOT_YOUR_TURN, Action, IllegalAction, Log, Transition

__all__ = ["SHAPES", "apply", "is_over", "legal_actions", "to_act"]

ALL_CARDS = frozenset(suit_cards() + SPECIAL_IDS)

_CARD = Field(str, "That is not a card of this game.", ALL_CARDS)
# Every action type and its fields; which phase accepts it is in PHASE_ACTIONS.
SHAPES: Shapes = {
    "play": {"card": _CARD},
    "play_crowned": {"card": _CARD},
    "exchange": {"card": _CARD},
    "keep_decree": {},
    "discard": {"card": _CARD},
    "take": {"card": _CARD},
    "take_nothing": {},
    "give": {"card": _CARD},
    "name_suit": {"suit": Field(str, "Name a suit: bells, keys or moons.", SUITS)},
    "dig": {},
    "keep_shovel": {},
    "next_round": {},
    "claim": {"goal": Field(str, "That is not a goal of this game.", GOAL_IDS)},
}
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "play": ("play", "play_crowned"),
    "fox": ("exchange", "keep_decree"),
    "discard": ("discard",),
    "potion": ("discard",),
    "fairy_take": ("take", "take_nothing"),
    "fairy_give": ("give",),
    "hammer": ("name_suit",),
    "shovel": ("dig", "keep_shovel"),
    "deal": ("next_round",),
}
PHASE_HINTS: dict[str, str] = {
    "play": "play a card",
    "fox": "exchange a card with the decree card or keep it",
    "discard": "put a card under the deck",
    "potion": "put a card under the deck with the Potion",
    "fairy_take": "take one of the cards the Fairy showed, or nothing",
    "fairy_give": "give a card back",
    "hammer": "name a suit",
    "shovel": "dig with the Shovel or not",
    "deal": "deal the next round",
}


def to_act(state: State) -> tuple[int, ...]:
    """The seat whose decision it is, plus any seat that may claim a goal right now."""
    if is_over(state):
        return ()
    claiming = claimants(state)
    if not claiming:
        return (state.step.seat,)
    return tuple(sorted({state.step.seat, *claiming}))


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    claims = [{"type": "claim", "goal": goal} for goal in claimable(state, seat)]
    if seat != state.step.seat:
        return claims
    return _step_actions(state, seat) + claims


def _step_actions(state: State, seat: int) -> list[dict[str, Any]]:
    phase = state.phase
    hand = sorted(state.hands[seat], key=sort_key)
    if phase == "play":
        allowed = set(legal_cards(state, seat))
        crowned = set(crown_partners(state, seat))
        return [{"type": "play", "card": card} for card in hand if card in allowed] + [
            {"type": "play_crowned", "card": card} for card in hand if card in crowned
        ]
    if phase == "fox":
        return [{"type": "exchange", "card": card} for card in hand] + [{"type": "keep_decree"}]
    if phase in ("discard", "potion"):
        return [{"type": "discard", "card": card} for card in hand]
    if phase == "fairy_take":
        return [{"type": "take", "card": c} for c in state.step.cards] + [{"type": "take_nothing"}]
    if phase == "fairy_give":
        return [{"type": "give", "card": card} for card in hand]
    if phase == "hammer":
        return [{"type": "name_suit", "suit": suit} for suit in SUITS]
    if phase == "shovel":
        return [{"type": "dig"}, {"type": "keep_shovel"}]
    if phase == DEAL:
        return [{"type": "next_round"}]
    return []


def apply(state: State, seat: int, raw: Action) -> Transition[State]:
    action = check_shape(raw, SHAPES)
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn.", NOT_YOUR_TURN)
    if action not in legal_actions(state, seat):
        raise IllegalAction(_refusal(state, seat, action))
    after, log = HANDLERS[action["type"]](state, seat, action)
    return Transition(after, forget_with_trick(state, log))


def _refusal(state: State, seat: int, action: dict[str, Any]) -> str:
    """A sentence saying why a well-formed action is not allowed (nothing hidden in it)."""
    phase = state.phase
    if action["type"] == "claim":
        return "You have not met that goal's condition, or it is not on the table."
    if seat != state.step.seat:
        return f"Waiting for {{seat{state.step.seat}}}; you may only claim a goal now."
    if action["type"] not in PHASE_ACTIONS.get(phase, ()):
        return f"You cannot do that now: {PHASE_HINTS.get(phase, 'wait')}."
    card = action.get("card")
    if card is not None and card not in state.hands[seat]:
        return "You do not hold that card."
    if action["type"] == "play_crowned":
        return "The Crown can only be added to a card you may play that is not a special card."
    if action["type"] == "take":
        return "You can only take one of the cards the Fairy showed you."
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
    "play_crowned": lambda s, seat, a: play_card(s, seat, a["card"], crown=True),
    "exchange": lambda s, seat, a: exchange_decree(s, seat, a["card"]),
    "keep_decree": lambda s, seat, a: keep_decree(s, seat),
    "discard": lambda s, seat, a: (
        potion_discard(s, seat, a["card"])
        if s.phase == "potion"
        else discard_to_bottom(s, seat, a["card"])
    ),
    "take": lambda s, seat, a: fairy_take(s, seat, a["card"]),
    "take_nothing": lambda s, seat, a: fairy_pass(s, seat),
    "give": lambda s, seat, a: fairy_give(s, seat, a["card"]),
    "name_suit": lambda s, seat, a: hammer_name(s, seat, a["suit"]),
    "dig": lambda s, seat, a: dig(s, seat),
    "keep_shovel": lambda s, seat, a: keep_shovel(s, seat),
    "next_round": lambda s, seat, a: next_round(s),
    "claim": lambda s, seat, a: claim(s, seat, a["goal"]),
}

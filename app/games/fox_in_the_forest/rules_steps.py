"""Answers to the abilities that ask their player a question: Fox, Woodcutter, Shovel."""

from __future__ import annotations

from app.games.fox_in_the_forest.data import EVERYONE
from app.games.fox_in_the_forest.data_cards import label
from app.games.fox_in_the_forest.hidden_memory import current_trick, trick_entry
from app.games.fox_in_the_forest.rules_flow import proceed
from app.games.fox_in_the_forest.rules_zones import (
    add_to_hand,
    remove_from_hand,
    reveal_to,
    set_decree,
    slip_out,
    to_bottom,
)
from app.games.fox_in_the_forest.state import State
from app.games.frozen import evolve
from app.games.protocol import Log, LogEntry


def exchange_decree(state: State, seat: int, card: str) -> tuple[State, Log]:
    """The Fox: the card from hand becomes the decree at once, so it sets trump for this trick."""
    old = state.decree
    state = remove_from_hand(state, seat, card)
    state = add_to_hand(state, seat, old)
    # The old decree was face up: everyone saw it go into this hand.
    state = reveal_to(state, old, tuple(k for k in EVERYONE if k != seat))
    state = set_decree(state, card)
    changes = tuple(n + (1 if i == seat else 0) for i, n in enumerate(state.decree_changes))
    state = evolve(state, decree_changes=changes)
    text = f"{{seat{seat}}} exchanges the decree card: the {label(card)} replaces the {label(old)}."
    faded = ""
    data = {"event": "exchange", "seat": seat, "card": card, "old": old}
    entry = trick_entry(text, faded, current_trick(state), data)
    state, log = proceed(state)
    return state, (entry, *log)


def keep_decree(state: State, seat: int) -> tuple[State, Log]:
    text = f"{{seat{seat}}} keeps the decree card."
    state, log = proceed(state)
    return state, (LogEntry(text, None, {"event": "keep_decree", "seat": seat}), *log)


def discard_to_bottom(state: State, seat: int, card: str) -> tuple[State, Log]:
    """The Woodcutter's (or Axe's) discard: face down, so only its owner knows the card."""
    state = slip_out(state, seat, card, ())
    state = to_bottom(state, card, (seat,))
    log = (
        trick_entry(  # left out once the trick is forgotten: it would tell a 5 was played
            f"{{seat{seat}}} puts a card under the deck.",
            "",
            current_trick(state),
            {"event": "discard", "seat": seat},
        ),
        LogEntry(
            f"You put the {label(card)} under the deck.",
            seat,
            {"event": "discard_private", "seat": seat, "card": card},
            others=f"{{seat{seat}}} puts the {label(card)} under the deck.",
        ),
    )
    state, more = proceed(state)
    return state, (*log, *more)


def keep_shovel(state: State, seat: int) -> tuple[State, Log]:
    """Not digging: the Shovel stays in the trick and loses it."""
    text = f"{{seat{seat}}} does not dig: the Shovel loses the trick."
    faded = ""
    data = {"event": "keep_shovel", "seat": seat}
    entry = trick_entry(text, faded, current_trick(state), data)
    state, log = proceed(state)
    return state, (entry, *log)

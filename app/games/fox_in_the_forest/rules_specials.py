"""The Deluxe special cards that ask a question or move cards: Fairy, Hammer, Potion, Shovel, Tree.

Random choices (the Tree's card, the Fairy's look, the Shovel's dig) are drawn from the match
seed, one event per `State.chance`, so replays redraw them exactly.
"""

from __future__ import annotations

import random

from app.games.fox_in_the_forest.data import EVERYONE, SUIT_NAMES
from app.games.fox_in_the_forest.data_cards import label, sort_key
from app.games.fox_in_the_forest.hidden_memory import current_trick, trick_entry
from app.games.fox_in_the_forest.rules_flow import proceed
from app.games.fox_in_the_forest.rules_zones import (
    add_to_hand,
    draw,
    learn,
    other,
    slip_out,
    to_bottom,
)
from app.games.fox_in_the_forest.state import State, Step, Trick
from app.games.frozen import evolve
from app.games.protocol import Log, LogEntry
from app.games.rng import generator, pick, sample


def _chance(state: State, event: str) -> tuple[State, random.Random]:
    rng = generator(state.seed, event, state.round_no, state.chance)
    return evolve(state, chance=state.chance + 1), rng


# --------------------------------------------------------------------------- Tree


def tree_pick(state: State, seat: int) -> tuple[State, str]:
    """The Tree: a random card from the other player's hand (sorted first: hand order is free)."""
    state, rng = _chance(state, "tree")
    return state, pick(rng, sorted(state.hands[other(seat)], key=sort_key))


# --------------------------------------------------------------------------- Fairy


def fairy_look(state: State, seat: int) -> tuple[State, Log]:
    """Look at up to 2 random cards from the other hand; only the Fairy's owner sees them."""
    target = state.hands[other(seat)]
    if not target:
        return proceed(state)
    state, rng = _chance(state, "fairy")
    seen = tuple(
        sorted(sample(rng, sorted(target, key=sort_key), min(2, len(target))), key=sort_key)
    )
    for card in seen:
        state = learn(state, seat, card)
    names = " and the ".join(label(card) for card in seen)
    victim = f"{{seat{other(seat)}}}"
    trick = current_trick(state)
    log = (
        trick_entry(
            f"The Fairy lets {{seat{seat}}} look at {len(seen)} cards from {victim}'s hand.",
            "",
            trick,
            {"event": "fairy_look", "seat": seat, "count": len(seen)},
        ),
        trick_entry(
            f"The Fairy shows you the {names}.",
            "",
            trick,
            {"event": "fairy_seen", "seat": seat, "cards": list(seen)},
            audience=seat,
            others=f"The Fairy shows {{seat{seat}}} the {names}.",
        ),
    )
    return evolve(state, step=Step("fairy_take", seat, cards=seen)), log


def fairy_take(state: State, seat: int, card: str) -> tuple[State, Log]:
    victim = other(seat)
    # Only the two players see which card moves; spectators see a card change hands.
    state = slip_out(state, victim, card, (seat,))
    state = add_to_hand(state, seat, card)
    state = learn(state, victim, card)
    log = (
        LogEntry(
            f"{{seat{seat}}} takes a card from {{seat{victim}}} and will give one back.",
            None,
            {"event": "fairy_take", "seat": seat},
        ),
        LogEntry(
            f"You take the {label(card)}.",
            seat,
            {"event": "fairy_took", "card": card},
            others=f"{{seat{seat}}} takes {{seat{victim}}}'s {label(card)}.",
        ),
        # The same card seen from the victim's side: the entry above tells it to the others.
        LogEntry(
            f"{{seat{seat}}} takes your {label(card)}.",
            victim,
            {"event": "fairy_taken", "card": card},
        ),
    )
    return evolve(state, step=Step("fairy_give", seat)), log


def fairy_pass(state: State, seat: int) -> tuple[State, Log]:
    text = f"{{seat{seat}}} takes nothing."
    state, more = proceed(state)
    return state, (LogEntry(text, None, {"event": "fairy_pass", "seat": seat}), *more)


def fairy_give(state: State, seat: int, card: str) -> tuple[State, Log]:
    victim = other(seat)
    state = slip_out(state, seat, card, (victim,))
    state = add_to_hand(state, victim, card)
    state = learn(state, seat, card)
    log = (
        LogEntry(f"{{seat{seat}}} gives a card back.", None, {"event": "fairy_give", "seat": seat}),
        LogEntry(
            f"You give the {label(card)}.",
            seat,
            {"event": "fairy_gave", "card": card},
            others=f"{{seat{seat}}} gives {{seat{victim}}} the {label(card)}.",
        ),
        # Seen from the receiving side: the entry above tells it to the others.
        LogEntry(
            f"{{seat{seat}}} gives you the {label(card)}.",
            victim,
            {"event": "fairy_given", "card": card},
        ),
    )
    state, more = proceed(state)
    return state, (*log, *more)


# --------------------------------------------------------------------------- Hammer


def hammer_name(state: State, seat: int, suit: str) -> tuple[State, Log]:
    """The leader's card goes under the deck face down, they draw 1 and play again."""
    victim = state.leader
    lead = state.lead
    cards = lead.cards if lead is not None else ()
    for card in cards:
        # Face down, but it goes from the trick, where everyone saw it: all know it is there.
        state = to_bottom(state, card, EVERYONE)
    state = evolve(state, lead=None)
    text = (
        f"{{seat{seat}}} names {SUIT_NAMES[suit]}: {{seat{victim}}}'s card goes under the deck "
        "and they draw a card."
    )
    log = (LogEntry(text, None, {"event": "hammer", "seat": seat, "suit": suit}),)
    state, draw_log = draw(state, victim)
    return evolve(state, step=Step("play", victim, suit=suit)), (*log, *draw_log)


# --------------------------------------------------------------------------- Potion


def potion_discard(state: State, seat: int, card: str | None) -> tuple[State, Log]:
    """The Potion and one other card go under the deck; draw as many; then play a card."""
    named_suit = state.step.suit
    state = _take_back_from_trick(state, seat, "potion")
    state = to_bottom(state, "potion", EVERYONE)
    under = ["potion"]
    log: Log = ()
    if card is not None:
        state = slip_out(state, seat, card, ())
        state = to_bottom(state, card, (seat,))
        under.append(card)
        log = (
            LogEntry(
                f"You put the {label(card)} under the deck.",
                seat,
                {"card": card},
                others=f"{{seat{seat}}} puts the {label(card)} under the deck.",
            ),
        )
    extra = " and another card" if card is not None else ""
    text = f"{{seat{seat}}} puts the Potion{extra} under the deck and draws {len(under)}."
    faded = ""
    data = {"event": "potion", "seat": seat}
    log = (trick_entry(text, faded, current_trick(state), data), *log)
    for _ in under:
        state, draw_log = draw(state, seat)
        log = (*log, *draw_log)
    return evolve(state, step=Step("play", seat, suit=named_suit)), log


def _take_back_from_trick(state: State, seat: int, card: str) -> State:
    if state.lead is not None and state.lead.seat == seat and state.lead.card == card:
        return evolve(state, lead=None)
    return evolve(state, follow=None)


# --------------------------------------------------------------------------- Shovel


def last_won_trick(state: State, seat: int) -> int | None:
    wins = [i for i, trick in enumerate(state.tricks) if trick.winner == seat]
    return wins[-1] if wins else None


def shovel_dig(state: State, seat: int) -> tuple[State, str]:
    """Take a random card from your last won trick; the Shovel goes into that pile instead."""
    index = last_won_trick(state, seat)
    if index is None:
        raise ValueError("the Shovel needs a won trick")  # never listed without one
    old = state.tricks[index]
    state, rng = _chance(state, "shovel")
    dug = pick(rng, sorted(old.pile, key=sort_key))
    pile = list(old.pile)
    pile[pile.index(dug)] = "shovel"
    trick = Trick(old.leader, old.winner, old.plays, tuple(pile), old.decree)
    tricks = (*state.tricks[:index], trick, *state.tricks[index + 1 :])
    state = _take_back_from_trick(state, seat, "shovel")
    return evolve(state, tricks=tricks), dug

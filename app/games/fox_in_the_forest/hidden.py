"""What is hidden from whom: the secrets for the leak check, and determinization.

Hidden cards are the two hands, the draw deck and (when the special cards were drawn at
random) the special cards left in the box. `State.known` records the exceptions: cards whose
place a seat, or everyone watching, knows.
"""

from __future__ import annotations

import random

from app.games.fox_in_the_forest.data import SEATS, SPECIAL_IDS, SPECTATOR
from app.games.fox_in_the_forest.data_cards import is_special, label
from app.games.fox_in_the_forest.hidden_memory import forgotten_before
from app.games.fox_in_the_forest.state import State, is_over
from app.games.frozen import evolve
from app.games.protocol import Secret
from app.games.rng import SEED_BITS, sample, shuffled

__all__ = ["determinize", "forgotten_before", "knowers", "secrets"]


def knowers(state: State, card: str, holder: int | None) -> tuple[int, ...] | None:
    """Seats that know where `card` is, or None if everyone watching does."""
    if card in state.known[SPECTATOR]:
        return None
    seats = {seat for seat in range(SEATS) if card in state.known[seat]}
    if holder is not None:
        seats.add(holder)
    return tuple(sorted(seats))


def secrets(state: State) -> list[Secret]:
    if is_over(state):
        return []  # the final view shows everything
    result: list[Secret] = []
    placed: list[tuple[str, int | None]] = [
        (card, seat) for seat in range(SEATS) for card in state.hands[seat]
    ]
    placed += [(card, None) for card in state.deck]
    for card, holder in placed:
        seats = knowers(state, card, holder)
        if seats is not None and card not in _on_show(state):
            result += [Secret(card, seats), Secret(label(card), seats)]
    if _box_is_secret(state):
        result += [s for card in state.box for s in (Secret(card, ()), Secret(label(card), ()))]
    return result


def _on_show(state: State) -> tuple[str, ...]:
    """Hidden cards whose name the table still shows as history, for everyone.

    The last trick is shown with its decree card; a Fox in the trick after it may have taken
    that card into a hand, where a later face-down move can make its place unknown. Its name
    was seen by all and says nothing of where it is now (the determinized twin checks that).
    """
    return (state.tricks[-1].decree,) if state.tricks else ()


def _box_is_secret(state: State) -> bool:
    """Randomly drawn special cards go in "without looking": nobody knows which stayed out."""
    return not state.options.special_list


def determinize(state: State, viewer: int | None, rng: random.Random) -> State:
    """Re-deal every card whose place `viewer` does not know, keeping counts and positions."""
    seed = rng.getrandbits(SEED_BITS)
    if is_over(state):
        return evolve(state, seed=seed)
    knower = SPECTATOR if viewer is None else viewer
    fixed = set(state.known[knower]) | set(state.known[SPECTATOR])
    if viewer is not None:
        fixed |= set(state.hands[viewer])
    slots = _hidden_slots(state, fixed)
    box = state.box if _box_is_secret(state) else ()
    mapping = _shuffled_identities(rng, [card for _, _, card in slots], box)
    return _renamed(evolve(state, seed=seed), mapping, knower)


def _hidden_slots(state: State, fixed: set[str]) -> list[tuple[str, int, str]]:
    """(zone, index, card) for every card in a hand or the deck that is not fixed."""
    slots = [
        (f"hand{seat}", i, card)
        for seat in range(SEATS)
        for i, card in enumerate(state.hands[seat])
        if card not in fixed
    ]
    slots += [("deck", i, card) for i, card in enumerate(state.deck) if card not in fixed]
    return slots


def _shuffled_identities(
    rng: random.Random, hidden: list[str], box: tuple[str, ...]
) -> dict[str, str]:
    """A random renaming of the hidden cards; box places only ever receive special cards."""
    specials = [card for card in hidden if is_special(card)] + list(box)
    new_box = sample(rng, specials, len(box))
    in_play = [card for card in hidden + list(box) if card not in new_box]
    new_hidden = shuffled(rng, in_play)
    mapping = dict(zip(hidden, new_hidden, strict=True))
    mapping.update(zip(box, new_box, strict=True))
    return mapping


def _renamed(state: State, mapping: dict[str, str], knower: int) -> State:
    def rename(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(mapping.get(card, card) for card in cards)

    box = rename(state.box)
    return evolve(
        state,
        hands=tuple(rename(hand) for hand in state.hands),
        deck=rename(state.deck),
        box=box,
        specials=tuple(c for c in SPECIAL_IDS if c in state.specials + state.box and c not in box),
        known=tuple(
            cards if index == knower else rename(cards) for index, cards in enumerate(state.known)
        ),
        step=evolve(state.step, cards=rename(state.step.cards)),
    )

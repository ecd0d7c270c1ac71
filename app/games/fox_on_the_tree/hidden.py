"""Secrets and determinization: the only hidden things are the dealt cards.

Until the end each card is known to its owner alone (the cards left in the box are not part
of the state at all). Nothing public ever narrows down another player's card, so a viewer's
consistent re-deal is any set of distinct cards other than its own.
"""

from __future__ import annotations

import random

from app.games.fox_on_the_tree.data import CARDS
from app.games.fox_on_the_tree.state import State, card_of, is_over
from app.games.frozen import evolve
from app.games.protocol import Secret
from app.games.rng import SEED_BITS, sample


def secrets(state: State) -> tuple[Secret, ...]:
    if is_over(state):
        return ()
    return tuple(Secret(card_of(state, seat).id, known_to=(seat,)) for seat in range(state.players))


def determinize(state: State, viewer: int | None, rng: random.Random) -> State:
    fresh_seed = rng.getrandbits(SEED_BITS)
    if is_over(state):
        return evolve(state, seed=fresh_seed)
    known = {viewer: state.cards[viewer]} if viewer is not None else {}
    pool = [number for number in sorted(CARDS) if number not in known.values()]
    others = iter(sample(rng, pool, state.players - len(known)))
    cards = tuple(known[seat] if seat in known else next(others) for seat in range(state.players))
    return evolve(state, cards=cards, seed=fresh_seed)


def forgotten_before(state: State) -> int:
    return 0  # no memory rule: the whole log stays readable

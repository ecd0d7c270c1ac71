"""Hidden information: what each seat may not see, and re-dealing it for a viewer."""

from __future__ import annotations

import random
from dataclasses import replace

from app.games.fox_in_the_forest_duet.data import card_name, suit_of
from app.games.fox_in_the_forest_duet.state import Hands, State
from app.games.fox_in_the_forest_duet.tricks import set_hand
from app.games.fox_in_the_forest_duet.view import known_cards
from app.games.protocol import Secret
from app.games.rng import SEED_BITS, pick, sample, shuffled

ATTEMPTS = 50


def secrets(state: State) -> list[Secret]:
    """Cards in hands (known to their holder, and to the partner who passed them) and the
    face-down draw pile. A #7 pick is a card of the picker's hand, so it is covered too.
    Cards taken from the decree are public and not secret. Nothing is hidden once it is over.
    """
    if state.over:
        return []
    found: list[Secret] = []
    for seat in (0, 1):
        for card in state.hands[seat]:
            if card in state.public_in_hand[seat]:
                continue
            known = (seat, 1 - seat) if card in state.partner_knows[seat] else (seat,)
            found += [Secret(card, known), Secret(card_name(card), known)]
    for card in state.deck:
        found += [Secret(card, ()), Secret(card_name(card), ())]
    return found


def determinize(state: State, viewer: int | None, rng: random.Random) -> State:
    seed = rng.getrandbits(SEED_BITS)
    if state.over:
        return replace(state, seed=seed)
    hidden_seats = (0, 1) if viewer is None else (1 - viewer,)
    fixed = {seat: known_cards(state, seat, viewer) for seat in hidden_seats}
    loose = {seat: [c for c in state.hands[seat] if c not in fixed[seat]] for seat in hidden_seats}
    pool = [*state.deck, *(card for seat in hidden_seats for card in loose[seat])]
    dealt = _deal_around_voids(state, hidden_seats, loose, pool, rng)
    hands = state.hands
    for seat in hidden_seats:
        hands = set_hand(hands, seat, [*fixed[seat], *dealt[seat]])
    used = {card for seat in hidden_seats for card in dealt[seat]}
    twin = replace(
        state,
        seed=seed,
        hands=hands,
        deck=shuffled(rng, [card for card in pool if card not in used]),
    )
    return _redraw_private_knowledge(twin, state, hidden_seats, viewer, dealt, rng)


def _deal_around_voids(
    state: State,
    seats: tuple[int, ...],
    loose: dict[int, list[str]],
    pool: list[str],
    rng: random.Random,
) -> dict[int, tuple[str, ...]]:
    """Random hidden cards for each seat, never of a suit that seat showed out of.

    The real deal always fits, so it is the fallback if random tries keep failing.
    """
    order = sorted(seats, key=lambda seat: -len(state.voids[seat]))
    for _ in range(ATTEMPTS):
        remaining = list(shuffled(rng, pool))
        dealt: dict[int, tuple[str, ...]] = {}
        for seat in order:
            allowed = [c for c in remaining if suit_of(c) not in state.voids[seat]]
            if len(allowed) < len(loose[seat]):
                break
            dealt[seat] = tuple(allowed[: len(loose[seat])])
            remaining = [c for c in remaining if c not in dealt[seat]]
        else:
            return dealt
    return {seat: tuple(loose[seat]) for seat in seats}


def _redraw_private_knowledge(
    twin: State,
    state: State,
    seats: tuple[int, ...],
    viewer: int | None,
    dealt: dict[int, tuple[str, ...]],
    rng: random.Random,
) -> State:
    """Hidden #7 picks and, for a spectator, which passed cards the partner knows."""
    knows: Hands = twin.partner_knows
    picks = list(twin.picks)
    for seat in seats:
        if viewer is None:
            count = len(state.partner_knows[seat])
            knows = set_hand(knows, seat, sample(rng, dealt[seat], count))
        if picks[seat] is not None:
            picks[seat] = pick(rng, twin.hands[seat])
    return replace(twin, partner_knows=knows, picks=(picks[0], picks[1]))

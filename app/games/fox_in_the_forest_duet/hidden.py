"""Hidden information: what each seat may not see, and re-dealing it for a viewer."""

from __future__ import annotations

import random

from app.games.fox_in_the_forest_duet.data import card_name, suit_of
from app.games.fox_in_the_forest_duet.hidden_memory import forgotten_before
from app.games.fox_in_the_forest_duet.rules_tricks import set_hand
from app.games.fox_in_the_forest_duet.state import Hands, State
from app.games.fox_in_the_forest_duet.view import known_cards, known_in_either_hand
from app.games.frozen import evolve
from app.games.protocol import Secret
from app.games.rng import SEED_BITS, pick, sample, shuffled

__all__ = ["determinize", "forgotten_before", "secrets"]

ATTEMPTS = 50


def secrets(state: State) -> list[Secret]:
    """Cards in hands (known to their holder, and to the partner who knows where they are) and
    the face-down draw pile. A #7 pick is a card of the picker's hand, so it is covered too.
    Cards everyone saw go into a hand (the decree taken with a #3) are not secret, even once a
    #7 hid which hand holds them: only their place is, and `determinize` re-deals it.
    Nothing is hidden once it is over.
    """
    if state.over:
        return []
    found: list[Secret] = []
    for seat in (0, 1):
        for card in state.hands[seat]:
            if card in state.public_in_hand[seat] or card in state.in_either_hand:
                continue
            known = (seat, 1 - seat) if card in state.partner_knows[seat] else (seat,)
            found += [Secret(card, known), Secret(card_name(card), known)]
    for card in state.deck:
        found += [Secret(card, ()), Secret(card_name(card), ())]
    return found


def determinize(state: State, viewer: int | None, rng: random.Random) -> State:
    seed = rng.getrandbits(SEED_BITS)
    if state.over:
        return evolve(state, seed=seed)
    hidden_seats = (0, 1) if viewer is None else (1 - viewer,)
    fixed = {seat: known_cards(state, seat, viewer) for seat in hidden_seats}
    loose = {seat: [c for c in state.hands[seat] if c not in fixed[seat]] for seat in hidden_seats}
    pool = [*state.deck, *(card for seat in hidden_seats for card in loose[seat])]
    in_hands = known_in_either_hand(state, viewer)
    tries = (
        _deal_around_voids(state, hidden_seats, loose, pool, in_hands, rng) for _ in range(ATTEMPTS)
    )
    # The real deal always fits, so it is the fallback if random tries keep failing.
    real = {seat: tuple(loose[seat]) for seat in hidden_seats}
    dealt = next((deal for deal in tries if deal is not None), real)
    hands = state.hands
    for seat in hidden_seats:
        hands = set_hand(hands, seat, [*fixed[seat], *dealt[seat]])
    used = {card for seat in hidden_seats for card in dealt[seat]}
    twin = evolve(
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
    in_hands: tuple[str, ...],
    rng: random.Random,
) -> dict[int, tuple[str, ...]] | None:
    """Random hidden cards for each seat, never of a suit that seat showed out of, with every
    card of `in_hands` (known to be in one of the hands) in a hand, never in the draw pile; or
    None when this random try does not fit the voids."""
    dealt: dict[int, list[str]] = {seat: [] for seat in seats}
    for card in shuffled(rng, in_hands):
        room = [
            seat
            for seat in seats
            if len(dealt[seat]) < len(loose[seat]) and suit_of(card) not in state.voids[seat]
        ]
        if not room:
            return None
        dealt[pick(rng, room)].append(card)
    remaining = [card for card in shuffled(rng, pool) if card not in in_hands]
    # The seat with more voids picks first: it has fewer cards it may hold.
    for seat in sorted(seats, key=lambda seat: -len(state.voids[seat])):
        allowed = [c for c in remaining if suit_of(c) not in state.voids[seat]]
        need = len(loose[seat]) - len(dealt[seat])
        if len(allowed) < need:
            return None
        dealt[seat] += allowed[:need]
        remaining = [c for c in remaining if c not in dealt[seat]]
    return {seat: tuple(cards) for seat, cards in dealt.items()}


def _redraw_private_knowledge(
    twin: State,
    state: State,
    seats: tuple[int, ...],
    viewer: int | None,
    dealt: dict[int, tuple[str, ...]],
    rng: random.Random,
) -> State:
    """Hidden #7 picks and, for a spectator, which cards the partner knows of."""
    knows: Hands = twin.partner_knows
    picks = list(twin.picks)
    for seat in seats:
        if viewer is None:
            knows = set_hand(knows, seat, _partner_knowledge(state, seat, dealt[seat], rng))
        if picks[seat] is not None:
            picks[seat] = pick(rng, twin.hands[seat])
    return evolve(twin, partner_knows=knows, picks=(picks[0], picks[1]))


def _partner_knowledge(
    state: State, seat: int, dealt: tuple[str, ...], rng: random.Random
) -> tuple[str, ...]:
    """In a spectator's twin, what the partner knows of `seat`'s re-dealt hand: where each card
    lost from sight went (the partner saw the swap), and as many others as it really knows of
    (the cards it passed), chosen at random."""
    lost = tuple(card for card in dealt if card in state.in_either_hand)
    others = [card for card in dealt if card not in lost]
    passed = sum(1 for card in state.partner_knows[seat] if card not in state.in_either_hand)
    return (*lost, *sample(rng, others, min(passed, len(others))))

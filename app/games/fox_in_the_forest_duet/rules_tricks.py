"""Cards and tricks: dealing, following suit, who wins a trick, hands and who knows what."""

from __future__ import annotations

from collections.abc import Sequence

from app.games.fox_in_the_forest_duet.data import (
    DECK,
    FREE_LEAD_RANK,
    HAND_SIZE,
    SUITS,
    paws_of,
    rank_of,
    sort_key,
    suit_of,
)
from app.games.fox_in_the_forest_duet.state import Hands, Play, State
from app.games.frozen import evolve
from app.games.rng import generator, shuffled


def deal(seed: int, round_no: int) -> tuple[Hands, str, tuple[str, ...]]:
    """Two hands of 11, the decree card and the face-down draw pile for one round."""
    cards = shuffled(generator(seed, "deal", round_no), DECK)
    hands = (sorted_cards(cards[:HAND_SIZE]), sorted_cards(cards[HAND_SIZE : 2 * HAND_SIZE]))
    return hands, cards[2 * HAND_SIZE], cards[2 * HAND_SIZE + 1 :]


def sorted_cards(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=sort_key))


def trump(state: State) -> str:
    return suit_of(state.decree)


def trick_winner(plays: Sequence[Play], decree: str) -> int:
    """Trump beats everything else; otherwise the higher card of the lead suit wins."""
    lead, follow = plays
    trump_suit = suit_of(decree)
    lead_suit, follow_suit = suit_of(lead.card), suit_of(follow.card)
    if (follow_suit == trump_suit) != (lead_suit == trump_suit):
        return follow.seat if follow_suit == trump_suit else lead.seat
    if follow_suit == lead_suit and rank_of(follow.card) > rank_of(lead.card):
        return follow.seat
    return lead.seat


def suit_to_follow(state: State, seat: int) -> str | None:
    """The suit `seat` must play now, or None when any card will do."""
    if len(state.trick) != 1:
        return None
    lead = state.trick[0].card
    if rank_of(lead) == FREE_LEAD_RANK:
        return None
    suit = suit_of(lead)
    return suit if any(suit_of(card) == suit for card in state.hands[seat]) else None


def playable(state: State, seat: int) -> tuple[str, ...]:
    suit = suit_to_follow(state, seat)
    return tuple(card for card in state.hands[seat] if suit is None or suit_of(card) == suit)


def showed_out(state: State, seat: int, card: str) -> bool:
    """True when `seat` follows with another suit although it had to follow if it could."""
    if len(state.trick) != 1:
        return False
    lead = state.trick[0].card
    return rank_of(lead) != FREE_LEAD_RANK and suit_of(card) != suit_of(lead)


def paw_total(plays: Sequence[Play]) -> int:
    return sum(paws_of(play.card) for play in plays)


def ranks_in(plays: Sequence[Play]) -> tuple[int, ...]:
    return tuple(rank_of(play.card) for play in plays)


# --------------------------------------------------------------------------- hands


def set_hand(hands: Hands, seat: int, cards: Sequence[str]) -> Hands:
    new = sorted_cards(cards)
    return (new, hands[1]) if seat == 0 else (hands[0], new)


def remove_card(state: State, seat: int, card: str) -> State:
    """Take `card` out of `seat`'s hand and forget who knew it was there."""

    def drop(hands: Hands) -> Hands:
        return set_hand(hands, seat, [c for c in hands[seat] if c != card])

    return evolve(
        state,
        hands=drop(state.hands),
        public_in_hand=drop(state.public_in_hand),
        partner_knows=drop(state.partner_knows),
        in_either_hand=tuple(c for c in state.in_either_hand if c != card),
    )


def add_card(state: State, seat: int, card: str) -> State:
    return evolve(state, hands=set_hand(state.hands, seat, [*state.hands[seat], card]))


def out_of_sight(swapped: State, before: State) -> State:
    """Knowledge after a #7 swap (`before` is the state the swap started from).

    Onlookers saw the public cards go into hands but not which card was passed, so each is now
    only "in one of the two hands" for them, whichever card was chosen. Each partner saw the
    card it received, so it still knows where every such card is.
    """
    knows = swapped.partner_knows
    for seat in (0, 1):
        knows = set_hand(knows, seat, [*knows[seat], *swapped.public_in_hand[seat]])
    lost = [*before.in_either_hand, *before.public_in_hand[0], *before.public_in_hand[1]]
    return evolve(
        swapped, public_in_hand=((), ()), partner_knows=knows, in_either_hand=sorted_cards(lost)
    )


def add_void(voids: Hands, seat: int, suit: str) -> Hands:
    return _set_suits(voids, seat, {*voids[seat], suit})


def drop_void(voids: Hands, seat: int, suit: str) -> Hands:
    return _set_suits(voids, seat, set(voids[seat]) - {suit})


def _set_suits(voids: Hands, seat: int, suits: set[str]) -> Hands:
    # Kept in suit order so the encoded state never depends on set iteration order.
    ordered = tuple(suit for suit in SUITS if suit in suits)
    return (ordered, voids[1]) if seat == 0 else (voids[0], ordered)

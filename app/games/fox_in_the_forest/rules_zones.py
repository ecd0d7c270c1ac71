"""Moving cards between hands, the deck and the table, keeping track of who knows what.

`State.known[seat]` lists cards that are hidden in general (in the deck or the other hand)
but whose place `seat` knows, e.g. the card it put under the deck with a Woodcutter;
`State.known[SPECTATOR]` lists those everyone knows. Every move goes through these helpers so
that knowledge follows sight (RULINGS.md): a public move keeps it, a card that turns face up
is known to all, and a card that leaves a hand unseen (`slip_out`) leaves onlookers unable to
tell which of that hand's cards are still there.
"""

from __future__ import annotations

from app.games.fox_in_the_forest.data import SPECTATOR
from app.games.fox_in_the_forest.data_cards import label
from app.games.fox_in_the_forest.hidden_memory import current_trick, trick_entry
from app.games.fox_in_the_forest.state import State
from app.games.frozen import evolve
from app.games.protocol import Log, LogEntry


def other(seat: int) -> int:
    return 1 - seat


def set_hand(state: State, seat: int, hand: tuple[str, ...]) -> State:
    hands = tuple(hand if index == seat else old for index, old in enumerate(state.hands))
    return evolve(state, hands=hands)


def remove_from_hand(state: State, seat: int, card: str) -> State:
    hand = list(state.hands[seat])
    hand.remove(card)
    return set_hand(state, seat, tuple(hand))


def add_to_hand(state: State, seat: int, card: str) -> State:
    """The card joins `seat`'s hand; others who knew where it was still know (public move)."""
    state = set_hand(state, seat, (*state.hands[seat], card))
    return forget(state, seat, card)


def forget(state: State, seat: int, card: str) -> State:
    if card not in state.known[seat]:
        return state  # the usual case (nobody knew it): no new state to build
    known = tuple(
        tuple(c for c in cards if c != card) if index == seat else cards
        for index, cards in enumerate(state.known)
    )
    return evolve(state, known=known)


def learn(state: State, seat: int, card: str) -> State:
    if card in state.known[seat]:
        return state
    known = tuple(
        (*cards, card) if index == seat else cards for index, cards in enumerate(state.known)
    )
    return evolve(state, known=known)


def reveal_to(state: State, card: str, knowers: tuple[int, ...]) -> State:
    """`knowers` (seats, or SPECTATOR for everyone watching) now know where `card` is."""
    for knower in knowers:
        state = learn(state, knower, card)
    return state


def made_public(state: State, card: str) -> State:
    """A face-up card needs no private knowledge any more."""
    for seat in range(len(state.known)):
        state = forget(state, seat, card)
    return state


def slip_out(state: State, holder: int, card: str, seen_by: tuple[int, ...]) -> State:
    """`card` leaves `holder`'s hand face down (under the deck, into the other hand).

    Only `seen_by` saw which card it was. Everyone else forgets every card they knew in that
    hand, whichever card went: otherwise a known card still listed (or no longer listed) would
    tell them the face-down choice. Seats that saw keep what everyone knew.
    """
    for hand_card in state.hands[holder]:
        if hand_card in state.known[SPECTATOR]:
            # What everyone knew stays known only to the seats that saw the move.
            state = reveal_to(state, hand_card, tuple(s for s in seen_by if s != holder))
        for knower in range(len(state.known)):
            if knower != holder and knower not in seen_by:
                state = forget(state, knower, hand_card)
    return remove_from_hand(state, holder, card)


def draw(state: State, seat: int) -> tuple[State, Log]:
    """`seat` draws the top card of the deck (nothing happens if the deck is empty)."""
    if not state.deck:
        return state, ()
    card = state.deck[0]
    state = evolve(state, deck=state.deck[1:])
    state = add_to_hand(state, seat, card)
    return state, (
        # Only abilities draw mid-round: once the trick is forgotten, so is the draw.
        trick_entry(
            f"{{seat{seat}}} drew a card.",
            "",
            current_trick(state),
            {"event": "draw", "seat": seat},
        ),
        LogEntry(
            f"You drew the {label(card)}.",
            seat,
            {"event": "draw_private", "seat": seat, "card": card},
            others=f"{{seat{seat}}} drew the {label(card)}.",
        ),
    )


def to_bottom(state: State, card: str, knowers: tuple[int, ...]) -> State:
    """Put `card` face down under the deck; only `knowers` know it is there."""
    state = evolve(state, deck=(*state.deck, card))
    for seat in range(len(state.known)):
        state = learn(state, seat, card) if seat in knowers else forget(state, seat, card)
    return state


def set_decree(state: State, card: str) -> State:
    return made_public(evolve(state, decree=card), card)

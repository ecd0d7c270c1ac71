"""Hypothesis properties over random matches: cards are conserved, hands stay level."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.data_cards import Face, suit_cards
from app.games.fox_in_the_forest.rules_trick import trick_winner
from app.games.fox_in_the_forest.state import State

OPTION_SETS: list[dict[str, Any]] = [{}, {"target_score": 16}]


def _all_cards(state: State) -> list[str]:
    piles = [card for trick in state.tricks for card in trick.pile]
    table = [card for play in (state.lead, state.follow) if play for card in play.cards]
    decree = [state.decree] if state.decree else []
    return [*state.hands[0], *state.hands[1], *state.deck, *decree, *piles, *table]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), options=st.sampled_from(OPTION_SETS), steps=st.integers(1, 90))
def test_every_card_is_somewhere_exactly_once(
    seed: int, options: dict[str, Any], steps: int
) -> None:
    chooser = random.Random(seed)
    state = ENGINE.setup(2, options, seed)
    expected = sorted(suit_cards() + state.specials)
    for _ in range(steps):
        if not ENGINE.to_act(state):
            break
        seat = chooser.choice(ENGINE.to_act(state))
        action = chooser.choice(list(ENGINE.legal_actions(state, seat)))
        state = ENGINE.apply(state, seat, action).state
        if state.phase in ("play", "deal") and state.lead is None:
            # Between tricks both hands hold the same number of cards (13 - tricks played).
            assert len(state.hands[0]) == len(state.hands[1]) == 13 - len(state.tricks)
        if state.phase != "over":
            assert sorted(_all_cards(state)) == expected


suited = st.builds(
    lambda suit, rank: Face(suit, rank, "", False),
    st.sampled_from(["bells", "keys", "moons"]),
    st.integers(1, 11).filter(lambda r: r != 9),
)


@settings(max_examples=200, deadline=None)
@given(lead=suited, follow=suited, trump=st.sampled_from(["bells", "keys", "moons"]))
def test_plain_suit_cards_follow_the_trick_taking_rules(
    lead: Face, follow: Face, trump: str
) -> None:
    winner = trick_winner(lead, follow, trump, leader=0)
    if lead.suit == trump and follow.suit != trump:
        assert winner == 0
    elif follow.suit == trump and lead.suit != trump:
        assert winner == 1
    elif follow.suit != lead.suit:
        assert winner == 0
    else:
        assert winner == (1 if (follow.rank or 0) > (lead.rank or 0) else 0)

"""Knowledge follows sight: what each viewer knows of hidden cards after every kind of move.

A card whose place everyone saw (the old decree taken with a Fox, a card the opponent drew
from under the deck) stays known only until its holder moves a card out of sight. Each test
makes a choice that reads the same to an onlooker and checks the onlooker cannot tell which
card went.
"""

from __future__ import annotations

import random

import pytest

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.state import Options, State
from tests.games.conformance import check_no_leak
from tests.games.fox_in_the_forest.helpers import (
    SEED,
    act,
    act_log,
    known_deck,
    known_hand,
    make_state,
    play,
    views_after,
)

ONLOOKERS = (1, None)
"""Seat 0 acts in every scenario: its opponent and the spectators watch."""


def discards(*cards: str) -> list[dict[str, str]]:
    return [{"type": "discard", "card": card} for card in cards]


# --------------------------------------------------------------------------- face-down discards


def test_woodcutter_discard_hides_whether_the_fox_taken_decree_went() -> None:
    deck = ["bells-6", "keys-11", "moons-11"]
    hand0 = ["moons-3", "keys-5", "keys-2"]
    state = make_state(hand0, ["moons-2", "keys-8", "moons-9"], decree="bells-10", deck=deck)
    state = play(state, 0, "moons-3")
    state = act(state, 0, "exchange", card="keys-2")  # the 10 of Bells joins seat 0's hand
    assert known_hand(state, 1, 0) == ["bells-10"] and known_hand(state, None, 0) == ["bells-10"]
    state = play(state, 1, "moons-2")  # seat 0 wins and leads again
    state = play(state, 0, "keys-5")  # Woodcutter: draws the 6 of Bells
    assert sorted(state.hands[0]) == ["bells-10", "bells-6"]
    for viewer in ONLOOKERS:
        assert len(views_after(state, 0, discards("bells-10", "bells-6"), viewer)) == 1
        after = act(state, 0, "discard", card="bells-6")
        assert known_hand(after, viewer, 0) == [] and known_deck(after, viewer) == []
    assert known_deck(act(state, 0, "discard", card="bells-10"), 0) == [("bells-10", 0)]


def test_discard_hides_whether_the_card_drawn_from_under_the_deck_went() -> None:
    # Seat 1 put the 9 of Moons under the deck earlier; seat 0's Woodcutter draws it.
    known = ((), ("moons-9",), ())
    state = make_state(["bells-5", "keys-2"], ["bells-6", "keys-10"], deck=["moons-9"], known=known)
    state = play(state, 0, "bells-5")
    assert known_hand(state, 1, 0) == ["moons-9"]
    assert len(views_after(state, 0, discards("moons-9", "keys-2"), 1)) == 1
    assert known_hand(act(state, 0, "discard", card="keys-2"), 1, 0) == []


def test_potion_discard_hides_which_known_card_went() -> None:
    everyone = ((), ("bells-10",), ("bells-10",))
    deck = ["moons-10", "moons-11", "keys-1"]
    hand0 = ["potion", "bells-10", "keys-2"]
    options = Options(special_list=("potion",))
    state = make_state(hand0, ["bells-4", "keys-5"], deck=deck, options=options, known=everyone)
    state = play(state, 0, "potion")
    for viewer in ONLOOKERS:
        assert len(views_after(state, 0, discards("bells-10", "keys-2"), viewer)) == 1
        after = act(state, 0, "discard", card="keys-2")
        assert known_hand(after, viewer, 0) == []
        assert known_deck(after, viewer) == [("potion", 1)]  # everyone saw the Potion go


def test_onlookers_own_knowledge_of_the_deck_survives_a_discard() -> None:
    # Seat 1 knows the bottom card (it put it there); seat 0's discard goes beneath it.
    deck = ["moons-10", "keys-1"]
    known = ((), ("keys-1",), ())
    state = make_state(["bells-5", "keys-2"], ["bells-6", "keys-10"], deck=deck, known=known)
    state = act(play(state, 0, "bells-5"), 0, "discard", card="keys-2")
    assert known_deck(state, 1) == [("keys-1", 1)]


# --------------------------------------------------------------------------- the Fairy


def test_spectators_cannot_tell_which_card_the_fairy_took() -> None:
    # Everyone knows seat 1 holds the 10 of Keys (it took it with a Fox).
    everyone = (("keys-10",), (), ("keys-10",))
    state = make_state(["fairy", "keys-2", "bells-3"], ["bells-4", "keys-10"], known=everyone)
    state = play(state, 0, "fairy")
    takes = [{"type": "take", "card": card} for card in state.step.cards]
    assert len(takes) == 2
    assert len(views_after(state, 0, takes, None)) == 1
    took_known = act(state, 0, "take", card="keys-10")
    assert known_hand(took_known, None, 0) == [] and known_hand(took_known, None, 1) == []
    # Both players saw what moved: the victim knows where its 10 of Keys went.
    assert known_hand(took_known, 1, 0) == ["keys-10"]
    took_other = act(state, 0, "take", card="bells-4")
    assert known_hand(took_other, 0, 1) == ["keys-10"]


def test_spectators_cannot_tell_which_card_the_fairy_gave_back() -> None:
    # Everyone knows seat 0 holds the 3 of Bells.
    everyone = ((), ("bells-3",), ("bells-3",))
    state = make_state(["fairy", "keys-2", "bells-3"], ["bells-4", "keys-10"], known=everyone)
    state = act(play(state, 0, "fairy"), 0, "take", card="keys-10")
    gives = [{"type": "give", "card": card} for card in ("bells-3", "keys-2", "keys-10")]
    assert len(views_after(state, 0, gives, None)) == 1
    gave_other = act(state, 0, "give", card="keys-2")
    assert known_hand(gave_other, None, 0) == []
    # The receiver saw which card came, so it still knows the 3 of Bells stayed.
    assert "bells-3" in known_hand(gave_other, 1, 0)


def test_last_trick_keeps_showing_its_decree_after_a_fox_took_it_out_of_sight() -> None:
    options = Options(special_list=("fairy",))
    hand0 = ["moons-3", "keys-2", "bells-2"]
    state = make_state(hand0, ["fairy", "keys-8"], decree="bells-10", won=(1, 0), options=options)
    state = act(play(state, 0, "moons-3"), 0, "exchange", card="keys-2")
    state = play(state, 1, "fairy")
    state, log = act_log(state, 1, "take", card="bells-2")
    assert known_hand(state, None, 0) == []  # the spectators lost track of the 10 of Bells
    assert ENGINE.view(state, None)["last_trick"]["decree"]["id"] == "bells-10"
    check_no_leak(ENGINE, state, log, 2, SEED, random.Random(0))


# --------------------------------------------------------------------------- the Hammer


def hammered(deck: list[str]) -> State:
    hand0 = ["bells-7", "keys-5", "moons-8"]
    options = Options(special_list=("hammer",))
    state = make_state(hand0, ["hammer", "keys-2"], deck=deck, options=options)
    state = play(play(state, 0, "bells-7"), 1, "hammer")
    return act(state, 1, "name_suit", suit="keys")


def test_hammered_card_goes_under_face_down_where_everyone_saw_it_go() -> None:
    state = hammered(["moons-10", "moons-11"])
    assert state.deck[-1] == "bells-7"
    for viewer in (0, 1, None):
        assert known_deck(state, viewer) == [("bells-7", 0)]


def test_hammered_card_drawn_back_is_forgotten_once_its_holder_discards() -> None:
    # The deck was empty: the victim draws its own card back, in everyone's sight.
    state = hammered([])
    assert known_hand(state, 1, 0) == ["bells-7"]
    state = play(state, 0, "keys-5")  # the named suit, and a Woodcutter
    assert state.phase == "discard"
    for viewer in ONLOOKERS:
        assert len(views_after(state, 0, discards("bells-7", "moons-8"), viewer)) == 1


# --------------------------------------------------------------------------- determinization


@pytest.mark.parametrize("viewer", [1, None])
def test_a_forgotten_card_is_redealt_for_the_onlooker(viewer: int | None) -> None:
    everyone = ((), ("bells-10",), ("bells-10",))
    deck = ["moons-10", "moons-11", "keys-1"]
    state = make_state(
        ["bells-5", "bells-10", "keys-2"], ["bells-6", "keys-10"], deck=deck, known=everyone
    )
    state = act(play(state, 0, "bells-5"), 0, "discard", card="keys-2")
    twins = [ENGINE.determinize(state, viewer, random.Random(seed)) for seed in range(40)]
    assert {"bells-10" in twin.hands[0] for twin in twins} == {True, False}

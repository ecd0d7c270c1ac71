"""The Deluxe special cards: every card's text and the combinations the rulebook names."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.data_cards import Face
from app.games.fox_in_the_forest.rules_trick import trick_winner
from app.games.fox_in_the_forest.state import Options, Play, Step, Trick
from app.games.protocol import IllegalAction
from tests.games.fox_in_the_forest.helpers import (
    act,
    last_winner,
    make_state,
    play,
    playable,
    trick,
)

SPECIAL = Options(special_list=("axe", "tree", "fairy", "crown", "mirror", "bow", "hammer"))


def special_state(hand0: list[str], hand1: list[str], **kwargs: object) -> object:
    return make_state(hand0, hand1, options=SPECIAL, **kwargs)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- unsuited / decree


def test_unsuited_card_led_can_be_followed_by_anything() -> None:
    state = make_state(["tree", "bells-2"], ["bells-4", "keys-5"], decree="moons-6")
    state = act(state, 0, "play", card="bells-2")
    assert playable(state, 1) == {"bells-4"}
    state = make_state(["axe", "bells-2"], ["bells-4", "keys-5"], decree="moons-6")
    state = play(state, 0, "axe")
    assert playable(state, 1) == {"bells-4", "keys-5"}


def test_unsuited_card_always_counts_as_following() -> None:
    state = make_state(["bells-2", "keys-2"], ["bells-4", "axe", "keys-5"], decree="moons-6")
    state = play(state, 0, "bells-2")
    assert playable(state, 1) == {"bells-4", "axe"}


def test_unsuited_card_takes_the_other_cards_suit() -> None:
    # The Axe is an 8 of Bells here: it beats the 2 of Bells.
    state = make_state(["bells-2", "keys-2"], ["axe", "keys-5"], decree="moons-6")
    assert last_winner(trick(state, "bells-2", "axe")) == 1
    state = make_state(["bells-10", "keys-2"], ["axe", "keys-5"], decree="moons-6")
    assert last_winner(trick(state, "bells-10", "axe")) == 0


def test_special_decree_means_no_trump_suit() -> None:
    state = make_state(["bells-10", "keys-2"], ["moons-2", "keys-5"], decree="bow")
    assert ENGINE.view(state, 0)["trump"] is None
    assert last_winner(trick(state, "bells-10", "moons-2")) == 0


def test_lone_witch_is_trump_even_without_a_trump_suit() -> None:
    state = make_state(["bells-10", "keys-2"], ["moons-9", "keys-5"], decree="bow")
    assert last_winner(trick(state, "bells-10", "moons-9")) == 1


def test_identical_cards_the_leader_wins() -> None:
    crowned = Face("bells", 11, "", False)
    assert trick_winner(crowned, crowned, "moons", leader=1) == 1
    assert trick_winner(crowned, crowned, "moons", leader=0) == 0


# --------------------------------------------------------------------------- Axe


def test_axe_after_a_woodcutter_uses_its_ability_and_wins() -> None:
    deck = ["moons-10", "moons-11", "keys-1"]
    state = make_state(["bells-5", "keys-2"], ["axe", "keys-5", "bells-9"], deck=deck)
    state = play(state, 0, "bells-5")
    state = act(state, 0, "discard", card="keys-2")
    state = play(state, 1, "axe")
    assert state.phase == "discard" and ENGINE.to_act(state) == (1,)
    assert "moons-11" in state.hands[1]
    state = act(state, 1, "discard", card="keys-5")
    assert last_winner(state) == 1


def test_axe_otherwise_is_an_unsuited_8() -> None:
    state = make_state(["bells-9", "keys-2"], ["axe", "keys-5"], decree="moons-6")
    state = trick(state, "bells-9", "axe")
    assert state.phase == "play" and last_winner(state) == 0


# --------------------------------------------------------------------------- Tree


def test_led_tree_makes_the_opponent_play_a_random_card_ignoring_suit() -> None:
    state = make_state(["tree", "bells-2"], ["bells-4", "keys-10", "moons-2"], decree="moons-6")
    state = play(state, 0, "tree")
    assert len(state.tricks) == 1
    played = [p.card for p in state.tricks[-1].plays]
    assert played[0] == "tree" and played[1] in {"bells-4", "keys-10", "moons-2"}
    assert len(state.hands[1]) == 2


def test_followed_tree_is_an_unsuited_6() -> None:
    state = make_state(["bells-4", "keys-2"], ["tree", "keys-10"], decree="moons-6")
    state = trick(state, "bells-4", "tree")
    assert last_winner(state) == 1  # a 6 of Bells beats the 4


# --------------------------------------------------------------------------- Fairy


def test_fairy_look_and_swap_is_seen_only_by_its_owner() -> None:
    state = make_state(["fairy", "keys-2", "bells-3"], ["bells-4", "keys-10"], decree="moons-6")
    state = play(state, 0, "fairy")
    assert state.phase == "fairy_take"
    shown = set(state.step.cards)
    assert shown == {"bells-4", "keys-10"}
    own = ENGINE.view(state, 0)
    assert {c["id"] for c in own["decision"]["shown"]} == shown
    assert ENGINE.view(state, 1)["decision"] is None
    assert ENGINE.view(None if False else state, None)["decision"] is None
    state = act(state, 0, "take", card="keys-10")
    assert state.phase == "fairy_give"
    state = act(state, 0, "give", card="keys-2")
    assert sorted(state.hands[0]) == ["bells-3", "keys-10"]
    assert sorted(state.hands[1]) == ["bells-4", "keys-2"]
    assert ENGINE.to_act(state) == (1,)
    assert {c["id"] for c in ENGINE.view(state, 0)["known"]["hands"][1]} == {"bells-4", "keys-2"}
    assert ENGINE.view(state, None)["known"]["hands"] == [[], []]


def test_fairy_may_take_nothing() -> None:
    state = make_state(["fairy", "keys-2"], ["bells-4", "keys-10"], decree="moons-6")
    state = act(play(state, 0, "fairy"), 0, "take_nothing")
    assert sorted(state.hands[1]) == ["bells-4", "keys-10"] and ENGINE.to_act(state) == (1,)
    with pytest.raises(IllegalAction):
        act(
            play(make_state(["fairy", "keys-2"], ["bells-4", "keys-10"]), 0, "fairy"),
            0,
            "take",
            card="moons-2",
        )


# --------------------------------------------------------------------------- Crown


def test_crown_added_to_a_play_draws_a_card_and_counts_as_monarch() -> None:
    deck = ["moons-10", "moons-11"]
    state = make_state(["crown", "bells-4", "keys-2"], ["bells-10", "keys-5"], deck=deck)
    assert {"type": "play_crowned", "card": "bells-4"} in ENGINE.legal_actions(state, 0)
    state = act(state, 0, "play_crowned", card="bells-4")
    assert "crown" not in state.hands[0] and "moons-10" in state.hands[0]
    assert len(state.hands[0]) == len(state.hands[1]) - 1 + 1 - 0  # 2 cards left, like seat 1
    state = play(state, 1, "bells-10")
    assert last_winner(state) == 0
    assert state.tricks[-1].pile == ("bells-4", "crown", "bells-10")


def test_crowned_card_ignores_its_ability() -> None:
    state = make_state(["crown", "bells-7", "keys-2"], ["bells-10", "keys-5"])
    state = act(state, 0, "play_crowned", card="bells-7")
    state = play(state, 1, "bells-10")
    assert last_winner(state) == 0 and state.scores == (0, 0)  # no Treasure point


def test_crown_cannot_join_a_special_or_an_illegal_card() -> None:
    state = make_state(["bells-2", "keys-2"], ["crown", "bells-4", "keys-5", "tree"])
    state = play(state, 0, "bells-2")
    crowned = {a["card"] for a in ENGINE.legal_actions(state, 1) if a["type"] == "play_crowned"}
    assert crowned == {"bells-4"}


def test_crown_alone_is_an_unsuited_2() -> None:
    state = make_state(["bells-1", "keys-2"], ["crown", "keys-5"], decree="moons-6")
    assert last_winner(trick(state, "bells-1", "crown")) == 1


# --------------------------------------------------------------------------- Mirror


def test_mirror_is_the_decree_card() -> None:
    # Decree 10 of Moons: the Mirror is a trump 10.
    state = make_state(["bells-11", "keys-2"], ["mirror", "keys-5"], decree="moons-10")
    assert last_winner(trick(state, "bells-11", "mirror")) == 1


def test_mirror_follows_the_decree_suit() -> None:
    state = make_state(["moons-2", "keys-2"], ["mirror", "moons-4", "keys-5"], decree="moons-10")
    state = play(state, 0, "moons-2")
    assert playable(state, 1) == {"mirror", "moons-4"}


def test_mirror_copies_a_special_decree() -> None:
    # Decree Bow: the Mirror is a Bow, and a Bow beats any special card.
    state = make_state(["tree", "keys-2"], ["mirror", "keys-5"], decree="bow")
    state = play(state, 0, "keys-2")
    state = play(state, 1, "keys-5")
    state = make_state(["axe", "keys-2"], ["mirror", "keys-5"], decree="bow")
    assert last_winner(trick(state, "axe", "mirror")) == 1
    state = make_state(["bells-2", "keys-2"], ["mirror", "keys-5"], decree="bow")
    assert last_winner(trick(state, "bells-2", "mirror")) == 0


def test_mirror_follows_a_fox_exchange_in_the_same_trick() -> None:
    state = make_state(["mirror", "keys-2"], ["keys-3", "bells-11"], decree="moons-10")
    state = play(state, 0, "mirror")
    state = play(state, 1, "keys-3")
    state = act(state, 1, "exchange", card="bells-11")  # the Mirror is now the 11 of Bells
    assert last_winner(state) == 0


def test_mirror_copying_treasure_scores() -> None:
    state = make_state(["bells-2", "keys-2"], ["mirror", "keys-5"], decree="moons-7")
    state = trick(state, "bells-2", "mirror")
    assert last_winner(state) == 1 and state.scores == (0, 1)


# --------------------------------------------------------------------------- Bow


def test_bow_beats_trump() -> None:
    state = make_state(["moons-11", "keys-2"], ["bow", "keys-5"], decree="moons-6")
    assert last_winner(trick(state, "moons-11", "bow")) == 1


def test_bow_beats_a_special_card() -> None:
    state = make_state(["tree", "keys-2"], ["bow", "keys-5"], decree="moons-6")
    state = play(state, 0, "keys-2")
    state = play(state, 1, "keys-5")
    state = make_state(["axe", "keys-2"], ["bow", "keys-5"], decree="moons-6")
    assert last_winner(trick(state, "axe", "bow")) == 1


def test_bow_loses_to_any_other_card() -> None:
    state = make_state(["bow", "keys-2"], ["bells-1", "keys-5"], decree="moons-6")
    assert last_winner(trick(state, "bow", "bells-1")) == 1


def test_bow_beats_a_lone_witch() -> None:
    state = make_state(["bells-9", "keys-2"], ["bow", "keys-5"], decree="moons-6")
    assert last_winner(trick(state, "bells-9", "bow")) == 1


# --------------------------------------------------------------------------- Hammer


def test_hammer_names_a_suit_and_the_leader_replays() -> None:
    deck = ["keys-11", "moons-1"]
    state = make_state(["bells-4", "moons-8", "keys-2"], ["hammer", "keys-5"], deck=deck)
    state = play(state, 0, "bells-4")
    state = play(state, 1, "hammer")
    assert state.phase == "hammer"
    state = act(state, 1, "name_suit", suit="keys")
    assert state.deck[-1] == "bells-4" and state.lead is None
    assert sorted(state.hands[0]) == ["keys-11", "keys-2", "moons-8"]
    assert playable(state, 0) == {"keys-11", "keys-2"}
    state = play(state, 0, "keys-11")
    assert last_winner(state) == 1  # the Hammer beats an odd card


def test_hammer_loses_to_an_even_card() -> None:
    state = make_state(["bells-4", "keys-2"], ["hammer", "keys-5"], deck=["keys-8"])
    state = play(play(state, 0, "bells-4"), 1, "hammer")
    state = act(state, 1, "name_suit", suit="moons")
    assert playable(state, 0) == {"keys-2", "keys-8"}  # no Moon: any card
    state = play(state, 0, "keys-2")
    assert last_winner(state) == 0


def test_hammer_beats_an_odd_card_led_after_the_replay() -> None:
    state = make_state(["bells-4", "keys-2"], ["hammer", "keys-5"], deck=["moons-1"])
    state = play(play(state, 0, "bells-4"), 1, "hammer")
    state = play(act(state, 1, "name_suit", suit="moons"), 0, "moons-1")
    assert last_winner(state) == 1


def test_hammer_led_asks_nothing_and_still_beats_odd_cards_only() -> None:
    state = make_state(["hammer", "keys-2"], ["bells-4", "keys-5"], decree="moons-6")
    state = play(state, 0, "hammer")
    assert state.phase == "play" and ENGINE.to_act(state) == (1,)
    assert last_winner(play(state, 1, "bells-4")) == 1
    state = make_state(["hammer", "keys-2"], ["bells-11", "keys-5"], decree="moons-6")
    assert last_winner(trick(state, "hammer", "bells-11")) == 0


# --------------------------------------------------------------------------- Potion


def test_potion_puts_itself_and_a_card_under_and_draws_two() -> None:
    deck = ["moons-10", "moons-11", "keys-1"]
    state = make_state(["potion", "bells-2", "keys-2"], ["bells-4", "keys-5", "keys-9"], deck=deck)
    state = play(state, 0, "potion")
    assert state.phase == "potion" and state.lead is not None
    state = act(state, 0, "discard", card="keys-2")
    assert state.lead is None and state.deck == ("keys-1", "potion", "keys-2")
    assert sorted(state.hands[0]) == ["bells-2", "moons-10", "moons-11"]
    assert ENGINE.to_act(state) == (0,) and state.phase == "play"
    secrets = {s.value: s.known_to for s in ENGINE.secrets(state)}
    assert secrets["keys-2"] == (0,) and "potion" not in secrets


def test_potion_as_follower_must_still_follow() -> None:
    deck = ["bells-10", "moons-11", "keys-1"]
    state = make_state(["bells-2", "keys-2"], ["potion", "keys-5", "keys-9"], deck=deck)
    state = play(play(state, 0, "bells-2"), 1, "potion")
    state = act(state, 1, "discard", card="keys-5")
    assert playable(state, 1) == {"bells-10"}


# --------------------------------------------------------------------------- Shovel


def _won_trick(seat: int) -> Trick:
    return Trick(
        seat,
        seat,
        (Play(seat, "keys-7"), Play(1 - seat, "keys-4")),
        ("keys-7", "keys-4"),
        "moons-6",
    )


def test_shovel_digs_a_card_from_the_last_won_trick() -> None:
    state = make_state(["shovel", "keys-2"], ["bells-4", "keys-5"], decree="moons-6")
    state = replace(state, tricks=(_won_trick(0),))
    state = play(state, 0, "shovel")
    assert state.phase == "shovel"
    state = act(state, 0, "dig")
    assert state.lead is not None and state.lead.card in {"keys-7", "keys-4"}
    assert "shovel" in state.tricks[0].pile and len(state.tricks[0].pile) == 2
    assert ENGINE.view(state, 1)["tricks_won"] == [1, 0]


def test_shovel_not_digging_loses() -> None:
    state = make_state(["keys-2", "bells-1"], ["shovel", "keys-5"], decree="moons-6")
    state = replace(state, tricks=(_won_trick(1),))
    state = play(state, 0, "bells-1")
    state = act(play(state, 1, "shovel"), 1, "keep_shovel")
    assert last_winner(state) == 0


def test_shovel_without_a_won_trick_loses() -> None:
    state = make_state(["keys-2", "bells-1"], ["shovel", "keys-5"], decree="moons-6")
    state = play(play(state, 0, "bells-1"), 1, "shovel")
    assert last_winner(state) == 0


def test_step_is_not_a_free_for_all() -> None:
    state = make_state(["keys-2"], ["keys-5"], step=Step("play", 0))
    with pytest.raises(IllegalAction):
        act(state, 0, "dig")

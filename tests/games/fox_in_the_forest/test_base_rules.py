"""The base game: following suit, trump, each suit ability and the appendix's questions."""

from __future__ import annotations

import pytest

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.state import Play
from app.games.protocol import ILLEGAL, IllegalAction
from tests.games.fox_in_the_forest.helpers import (
    act,
    last_winner,
    make_state,
    play,
    playable,
    trick,
)

# --------------------------------------------------------------------------- follow suit


def test_follower_must_follow_the_lead_suit() -> None:
    state = make_state(["bells-4", "keys-2"], ["bells-2", "keys-10"], decree="moons-6")
    state = play(state, 0, "bells-4")
    assert playable(state, 1) == {"bells-2"}
    with pytest.raises(IllegalAction) as refusal:
        play(state, 1, "keys-10")
    assert refusal.value.code == ILLEGAL
    assert "follow suit" in refusal.value.message
    assert "Bell" in refusal.value.message


def test_follower_without_the_lead_suit_may_play_anything() -> None:
    state = make_state(["bells-4", "keys-2"], ["moons-2", "keys-10"], decree="moons-6")
    state = play(state, 0, "bells-4")
    assert playable(state, 1) == {"moons-2", "keys-10"}


def test_leader_may_lead_any_card() -> None:
    state = make_state(["bells-4", "keys-2", "moons-8"], ["moons-2", "keys-10", "bells-1"])
    assert playable(state, 0) == {"bells-4", "keys-2", "moons-8"}
    assert playable(state, 1) == set()


# --------------------------------------------------------------------------- trick winner


def test_highest_card_of_the_lead_suit_wins() -> None:
    state = make_state(["bells-4", "keys-2"], ["bells-6", "keys-10"], decree="moons-6")
    assert last_winner(trick(state, "bells-4", "bells-6")) == 1
    state = make_state(["bells-8", "keys-2"], ["bells-6", "keys-10"], decree="moons-6")
    assert last_winner(trick(state, "bells-8", "bells-6")) == 0


def test_off_suit_card_that_is_not_trump_loses() -> None:
    state = make_state(["bells-2", "keys-2"], ["keys-10", "moons-4"], decree="moons-6")
    assert last_winner(trick(state, "bells-2", "keys-10")) == 0


def test_trump_beats_the_lead_suit() -> None:
    state = make_state(["bells-10", "keys-2"], ["moons-2", "keys-10"], decree="moons-6")
    assert last_winner(trick(state, "bells-10", "moons-2")) == 1


def test_higher_trump_wins_when_both_play_trump() -> None:
    state = make_state(["moons-8", "keys-2"], ["moons-10", "keys-10"], decree="moons-6")
    assert last_winner(trick(state, "moons-8", "moons-10")) == 1


def test_winner_leads_the_next_trick() -> None:
    state = make_state(["bells-4", "keys-2"], ["bells-6", "keys-10"], decree="moons-6")
    state = trick(state, "bells-4", "bells-6")
    assert state.leader == 1
    assert ENGINE.to_act(state) == (1,)


# --------------------------------------------------------------------------- 1: Swan


def test_swan_that_loses_leads_the_next_trick() -> None:
    state = make_state(["bells-1", "keys-2"], ["bells-6", "keys-10"], decree="moons-6")
    state = trick(state, "bells-1", "bells-6")
    assert last_winner(state) == 1
    assert state.leader == 0


def test_swan_played_by_the_follower_that_loses_leads_next() -> None:
    state = make_state(["bells-6", "keys-2"], ["bells-1", "keys-10"], decree="moons-6")
    state = trick(state, "bells-6", "bells-1")
    assert last_winner(state) == 0
    assert state.leader == 1


def test_swan_that_wins_leads_as_usual() -> None:
    state = make_state(["moons-1", "keys-2"], ["bells-6", "keys-10"], decree="moons-6")
    state = trick(state, "moons-1", "bells-6")
    assert last_winner(state) == 0
    assert state.leader == 0


def test_two_swans_the_loser_leads_next() -> None:
    # Appendix: "If both players play a 1 (Swan), the player who loses the trick would lead".
    state = make_state(["bells-1", "keys-2"], ["moons-1", "keys-10"], decree="moons-6")
    state = trick(state, "bells-1", "moons-1")
    assert last_winner(state) == 1  # the trump Swan wins
    assert state.leader == 0


# --------------------------------------------------------------------------- 7: Treasure


def test_treasure_scores_one_point_for_the_winner() -> None:
    state = make_state(["bells-7", "keys-2"], ["bells-9", "keys-10"], decree="moons-6")
    state = trick(state, "bells-7", "bells-9")
    assert last_winner(state) == 1
    assert state.scores == (0, 1)


def test_two_treasures_score_two_points() -> None:
    state = make_state(["bells-7", "keys-2"], ["moons-7", "keys-10"], decree="moons-6")
    state = trick(state, "bells-7", "moons-7")
    assert state.scores == (0, 2)


def test_no_treasure_no_points() -> None:
    state = make_state(["bells-8", "keys-2"], ["bells-9", "keys-10"], decree="moons-6")
    assert trick(state, "bells-8", "bells-9").scores == (0, 0)


# --------------------------------------------------------------------------- 9: Witch


def test_a_single_witch_counts_as_trump() -> None:
    state = make_state(["bells-10", "keys-2"], ["keys-9", "moons-10"], decree="moons-6")
    state = play(state, 0, "bells-10")
    state = play(state, 1, "keys-9")
    assert last_winner(state) == 1


def test_a_single_witch_loses_to_a_higher_trump() -> None:
    state = make_state(["bells-9", "keys-2"], ["moons-10", "keys-10"], decree="moons-6")
    assert last_winner(trick(state, "bells-9", "moons-10")) == 1
    state = make_state(["bells-9", "keys-2"], ["moons-8", "keys-10"], decree="moons-6")
    assert last_winner(trick(state, "bells-9", "moons-8")) == 0


def test_led_witch_must_be_followed_in_its_own_suit() -> None:
    # Appendix: "You must follow the 9's suit if you can."
    state = make_state(["bells-9", "keys-2"], ["bells-2", "moons-10"], decree="moons-6")
    state = play(state, 0, "bells-9")
    assert playable(state, 1) == {"bells-2"}


def test_non_trump_witch_cannot_be_played_when_trump_can_be_followed() -> None:
    # Appendix: "If you can follow suit with a trump card, you cannot play a non-trump 9."
    state = make_state(["moons-4", "keys-2"], ["moons-2", "bells-9"], decree="moons-6")
    state = play(state, 0, "moons-4")
    assert playable(state, 1) == {"moons-2"}
    with pytest.raises(IllegalAction):
        play(state, 1, "bells-9")


def test_two_witches_the_trump_witch_wins() -> None:
    state = make_state(["bells-9", "keys-2"], ["moons-9", "keys-10"], decree="moons-6")
    assert last_winner(trick(state, "bells-9", "moons-9")) == 1


def test_two_witches_without_trump_the_lead_suit_witch_wins() -> None:
    state = make_state(["bells-9", "keys-2"], ["keys-9", "moons-10"], decree="moons-6")
    assert last_winner(trick(state, "bells-9", "keys-9")) == 0


# --------------------------------------------------------------------------- 11: Monarch


def test_led_monarch_forces_the_swan_or_the_highest_card() -> None:
    hand1 = ["bells-1", "bells-4", "bells-8", "keys-10"]
    state = make_state(["bells-11", "keys-2"], hand1, decree="moons-6")
    state = play(state, 0, "bells-11")
    assert playable(state, 1) == {"bells-1", "bells-8"}
    with pytest.raises(IllegalAction) as refusal:
        play(state, 1, "bells-4")
    assert "Monarch" in refusal.value.message


def test_led_monarch_without_the_swan_forces_the_highest_card() -> None:
    state = make_state(["keys-11", "bells-2"], ["keys-3", "keys-7", "bells-8"], decree="moons-6")
    state = play(state, 0, "keys-11")
    assert playable(state, 1) == {"keys-7"}


def test_led_monarch_without_its_suit_allows_anything() -> None:
    state = make_state(["keys-11", "bells-2"], ["bells-3", "moons-7"], decree="moons-6")
    state = play(state, 0, "keys-11")
    assert playable(state, 1) == {"bells-3", "moons-7"}


def test_monarch_played_as_follower_forces_nothing() -> None:
    state = make_state(["keys-4", "bells-2"], ["keys-11", "keys-2"], decree="moons-6")
    state = play(state, 0, "keys-4")
    assert playable(state, 1) == {"keys-11", "keys-2"}
    state = play(state, 1, "keys-11")
    assert last_winner(state) == 1
    assert playable(state, 1) == {"keys-2"}  # leading again, no constraint


# --------------------------------------------------------------------------- 3: Fox


def test_fox_exchange_changes_trump_for_this_trick() -> None:
    # Appendix: "The new trump suit is used to determine the winner of the current trick."
    state = make_state(["bells-10", "keys-2"], ["keys-3", "keys-8", "moons-2"], decree="moons-6")
    state = play(state, 0, "bells-10")
    state = play(state, 1, "keys-3")
    assert ENGINE.to_act(state) == (1,)
    assert {"type": "keep_decree"} in ENGINE.legal_actions(state, 1)
    state = act(state, 1, "exchange", card="keys-8")
    assert state.decree == "keys-8"
    assert "moons-6" in state.hands[1] and "keys-8" not in state.hands[1]
    assert last_winner(state) == 1  # the Fox is now trump


def test_fox_keeping_the_decree_changes_nothing() -> None:
    state = make_state(["bells-10", "keys-2"], ["keys-3", "keys-8", "moons-2"], decree="moons-6")
    state = play(state, 0, "bells-10")
    state = play(state, 1, "keys-3")
    state = act(state, 1, "keep_decree")
    assert state.decree == "moons-6"
    assert last_winner(state) == 0


def test_fox_ability_happens_before_the_other_card_is_played() -> None:
    # Appendix: the 3 acts "immediately when the card is played, before another card is played".
    state = make_state(["keys-3", "bells-2"], ["keys-10", "moons-2"], decree="moons-6")
    state = play(state, 0, "keys-3")
    assert ENGINE.to_act(state) == (0,)
    assert state.phase == "fox"
    assert ENGINE.legal_actions(state, 1) == []
    state = act(state, 0, "exchange", card="bells-2")
    assert state.decree == "bells-2"
    assert ENGINE.to_act(state) == (1,)


def test_fox_as_the_last_card_asks_nothing() -> None:
    state = make_state(["keys-3"], ["keys-10"], decree="moons-6")
    state = play(state, 0, "keys-3")
    assert state.phase == "play" and ENGINE.to_act(state) == (1,)


def test_fox_may_exchange_any_card_even_one_it_must_not_play() -> None:
    state = make_state(["keys-4", "bells-2"], ["keys-3", "bells-11"], decree="moons-6")
    state = play(state, 0, "keys-4")
    state = play(state, 1, "keys-3")
    assert {a["card"] for a in ENGINE.legal_actions(state, 1) if a["type"] == "exchange"} == {
        "bells-11"
    }


# --------------------------------------------------------------------------- 5: Woodcutter


def test_woodcutter_draws_then_discards_to_the_bottom() -> None:
    deck = ["moons-10", "moons-11", "keys-1"]
    state = make_state(["bells-5", "keys-2"], ["bells-6", "keys-10"], decree="moons-6", deck=deck)
    state = play(state, 0, "bells-5")
    assert state.phase == "discard" and ENGINE.to_act(state) == (0,)
    assert sorted(state.hands[0]) == ["keys-2", "moons-10"]
    assert {a["card"] for a in ENGINE.legal_actions(state, 0)} == {"keys-2", "moons-10"}
    state = act(state, 0, "discard", card="keys-2")
    assert state.deck == ("moons-11", "keys-1", "keys-2")
    assert state.hands[0] == ("moons-10",)
    assert ENGINE.to_act(state) == (1,)


def test_woodcutter_discard_is_known_only_to_its_owner() -> None:
    deck = ["moons-10", "moons-11", "keys-1"]
    state = make_state(["bells-5", "keys-2"], ["bells-6", "keys-10"], decree="moons-6", deck=deck)
    state = act(play(state, 0, "bells-5"), 0, "discard", card="keys-2")
    secret = next(s for s in ENGINE.secrets(state) if s.value == "keys-2")
    assert secret.known_to == (0,)
    own = ENGINE.view(state, 0)["known"]["deck"]
    assert [(k["card"]["id"], k["from_bottom"]) for k in own] == [("keys-2", 0)]
    assert ENGINE.view(state, 1)["known"]["deck"] == []
    assert "keys-2" not in str(ENGINE.view(state, 1))


def test_woodcutter_ability_happens_before_the_follower_plays() -> None:
    state = make_state(["bells-5", "keys-2"], ["bells-6", "keys-10"], decree="moons-6")
    state = play(state, 0, "bells-5")
    with pytest.raises(IllegalAction) as refusal:
        play(state, 1, "bells-6")
    assert refusal.value.code == "action/not_your_turn"


def test_woodcutter_may_discard_the_card_it_drew() -> None:
    deck = ["moons-10", "moons-11"]
    state = make_state(["bells-5"], ["bells-6"], decree="moons-6", deck=deck)
    state = act(play(state, 0, "bells-5"), 0, "discard", card="moons-10")
    assert state.hands[0] == () and state.deck[-1] == "moons-10"


def test_decree_and_play_are_public_after_a_trick() -> None:
    state = make_state(["bells-4", "keys-2"], ["bells-6", "keys-10"], decree="moons-6")
    view = ENGINE.view(trick(state, "bells-4", "bells-6"), None)
    assert view["last_trick"]["winner"] == 1
    assert [p["card"]["id"] for p in view["last_trick"]["plays"]] == ["bells-4", "bells-6"]
    assert view["tricks_won"] == [0, 1]
    assert "hand" not in view


def test_lead_play_record_sits_in_the_trick() -> None:
    state = make_state(["bells-4", "keys-2"], ["bells-6", "keys-10"], lead=None)
    state = play(state, 0, "bells-4")
    assert state.lead == Play(0, "bells-4")
    assert ENGINE.view(state, 1)["trick"]["lead"]["card"]["id"] == "bells-4"

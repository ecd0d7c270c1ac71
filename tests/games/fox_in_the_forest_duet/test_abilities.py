"""The odd cards, each as its own decision step: #1, #3, #5, #7 (the #9 is in test_tricks)."""

from __future__ import annotations

import pytest

from app.games.fox_in_the_forest_duet import ENGINE
from app.games.fox_in_the_forest_duet.state import (
    CHOOSE_DIRECTION,
    CHOOSE_EXCHANGER,
    COUNT_PAWS,
    EXCHANGE_DECREE,
    PASS_CARDS,
    PLAY,
    ROUND_END,
    State,
)
from app.games.protocol import ILLEGAL, NOT_YOUR_TURN
from tests.games.conformance import canonical
from tests.games.fox_in_the_forest_duet.helpers import (
    act,
    gems,
    legal,
    make_state,
    play,
    refusal,
    texts,
)

NO_GEMS = gems((0, 1), (10, 1))

# --------------------------------------------------------------------------- #1


def test_1_the_winner_chooses_the_way_the_tracker_moves() -> None:
    state = make_state(["doves-1", "roses-5"], ["doves-8", "roses-6"], gems=NO_GEMS)
    state = play(play(state, 0, "doves-1"), 1, "doves-8")
    assert state.phase == CHOOSE_DIRECTION
    assert ENGINE.to_act(state) == (1,)  # seat 1 won with the 8
    assert legal(state, 1) == [
        {"type": "choose_direction", "toward": 0},
        {"type": "choose_direction", "toward": 1},
    ]
    assert ENGINE.view(state, 1)["decision"] == {"kind": "1", "paws": 2}
    # The winner moves the 2 paw prints toward the *other* end.
    after, _ = act(state, 1, "choose_direction", toward=0)
    assert after.tracker == 3 and after.phase == PLAY
    assert after.last_trick is not None and after.last_trick.toward == 0
    assert act(state, 1, "choose_direction", toward=1)[0].tracker == 7


def test_1_played_by_the_loser_also_gives_the_winner_the_choice() -> None:
    state = make_state(["doves-8", "roses-5"], ["doves-1", "roses-6"], gems=NO_GEMS)
    state = play(play(state, 0, "doves-8"), 1, "doves-1")
    assert state.phase == CHOOSE_DIRECTION and ENGINE.to_act(state) == (0,)


def test_1_without_paw_prints_to_move_skips_the_choice() -> None:
    state = make_state(["doves-1", "roses-5"], ["doves-9", "roses-6"], gems=NO_GEMS)
    state = play(play(state, 0, "doves-1"), 1, "doves-9")
    assert state.phase == PLAY and state.tracker == 5


def test_1_and_5_count_the_paws_first_then_choose_the_way() -> None:
    state = make_state(["roses-1", "doves-5"], ["roses-5", "doves-6"], gems=NO_GEMS)
    state = play(play(state, 0, "roses-1"), 1, "roses-5")
    assert state.phase == COUNT_PAWS and ENGINE.to_act(state) == (1,)
    counted, _ = act(state, 1, "count_paws", use="follow")
    assert counted.phase == CHOOSE_DIRECTION and counted.paws == 1
    assert act(counted, 1, "choose_direction", toward=0)[0].tracker == 4
    # Counting only the 1 (no paw prints) leaves nothing to steer.
    assert act(state, 1, "count_paws", use="lead")[0].phase == PLAY


# --------------------------------------------------------------------------- #3


def test_3_its_player_chooses_who_may_exchange_then_that_player_exchanges() -> None:
    state = make_state(["doves-3", "doves-6"], ["roses-2", "roses-8", "stars-10"], gems=NO_GEMS)
    state = play(state, 0, "doves-3")
    assert state.phase == CHOOSE_EXCHANGER and ENGINE.to_act(state) == (0,)
    assert legal(state, 0) == [
        {"type": "choose_exchanger", "seat": 0},
        {"type": "choose_exchanger", "seat": 1},
    ]
    chosen, _ = act(state, 0, "choose_exchanger", seat=1)
    assert chosen.phase == EXCHANGE_DECREE and ENGINE.to_act(chosen) == (1,)
    assert legal(chosen, 1) == [
        {"type": "keep_decree"},
        {"type": "exchange_decree", "card": "roses-2"},
        {"type": "exchange_decree", "card": "roses-8"},
        {"type": "exchange_decree", "card": "stars-10"},
    ]
    swapped, log = act(chosen, 1, "exchange_decree", card="roses-2")
    assert swapped.decree == "roses-2"
    assert swapped.hands[1] == ("roses-8", "stars-4", "stars-10")
    assert "takes the decree 4 of Stars" in texts(log)
    # The trick goes on: now the follower plays, and Roses are trump at once.
    assert swapped.phase == PLAY and ENGINE.to_act(swapped) == (1,)
    after = play(swapped, 1, "roses-8")
    assert after.tricks_won == (0, 1)


def test_3_the_decree_taken_into_hand_is_public() -> None:
    state = make_state(["doves-3", "doves-6"], ["roses-2", "roses-8"], gems=NO_GEMS)
    state = act(play(state, 0, "doves-3"), 0, "choose_exchanger", seat=1)[0]
    state = act(state, 1, "exchange_decree", card="roses-2")[0]
    for viewer in (0, None):
        known = ENGINE.view(state, viewer)["known_in_hands"][1]
        assert [card["id"] for card in known] == ["stars-4"]
    assert all(secret.value != "stars-4" for secret in ENGINE.secrets(state))


def test_3_keeping_the_decree_changes_nothing() -> None:
    state = make_state(["doves-3", "doves-6"], ["roses-2", "roses-8"], gems=NO_GEMS)
    state = act(play(state, 0, "doves-3"), 0, "choose_exchanger", seat=0)[0]
    assert ENGINE.to_act(state) == (0,)
    kept, log = act(state, 0, "keep_decree")
    assert kept.decree == "stars-4" and kept.hands == state.hands
    assert kept.phase == PLAY and ENGINE.to_act(kept) == (1,)
    assert "keeps the decree" in texts(log)


def test_3_followed_changes_trump_before_the_trick_is_decided() -> None:
    # Seat 1 has no Doves, follows with a 3 and makes Roses trump: its 3 now wins.
    state = make_state(["doves-6", "doves-8"], ["roses-3", "roses-9"], gems=NO_GEMS)
    state = play(state, 0, "doves-6")
    state = play(state, 1, "roses-3")
    assert ENGINE.to_act(state) == (1,)
    state = act(state, 1, "choose_exchanger", seat=1)[0]
    after, _ = act(state, 1, "exchange_decree", card="roses-9")
    assert after.tricks_won == (0, 1)
    assert after.hands[1] == ("stars-4",)


def test_3_as_last_card_only_a_player_with_cards_may_exchange() -> None:
    state = make_state(["doves-3"], ["roses-2"], trick_no=11, gems=NO_GEMS)
    state = play(state, 0, "doves-3")
    assert state.phase == EXCHANGE_DECREE and ENGINE.to_act(state) == (1,)
    # And when nobody has a card left, the 3 does nothing.
    state = make_state(["roses-2"], ["doves-3"], trick_no=11, gems=NO_GEMS)
    state = play(state, 0, "roses-2")
    transition = ENGINE.apply(state, 1, {"type": "play", "card": "doves-3"})
    assert transition.state.phase == ROUND_END
    assert "the 3 has no effect" in texts(transition.log)


# --------------------------------------------------------------------------- #5


def test_5_rulebook_example_one_three_or_four_spaces() -> None:
    # A 5 (1 paw print) and a 10 (3): the winner may move 1, 3 or 4 spaces.
    state = make_state(["doves-10", "roses-5"], ["doves-5", "roses-6"], gems=NO_GEMS)
    state = play(play(state, 0, "doves-10"), 1, "doves-5")
    assert state.phase == COUNT_PAWS and ENGINE.to_act(state) == (0,)
    assert ENGINE.view(state, 0)["decision"] == {
        "kind": "5",
        "choices": [
            {"use": "both", "paws": 4},
            {"use": "lead", "paws": 3},
            {"use": "follow", "paws": 1},
        ],
    }
    moves = {
        use: act(state, 0, "count_paws", use=use)[0].tracker for use in ("both", "lead", "follow")
    }
    assert moves == {"both": 1, "lead": 2, "follow": 4}
    refused = refusal(state, 0, {"type": "count_paws", "use": "neither"})
    assert refused.code == ILLEGAL


def test_5_two_fives_allow_both_one_or_neither() -> None:
    state = make_state(["doves-5", "roses-8"], ["roses-5", "stars-6"], gems=NO_GEMS)
    state = play(play(state, 0, "doves-5"), 1, "roses-5")
    assert [a["use"] for a in legal(state, 0)] == ["both", "lead", "follow", "neither"]
    assert act(state, 0, "count_paws", use="both")[0].tracker == 3
    assert act(state, 0, "count_paws", use="follow")[0].tracker == 4
    assert act(state, 0, "count_paws", use="neither")[0].tracker == 5


def test_5_only_the_winner_chooses() -> None:
    state = make_state(["doves-10", "roses-5"], ["doves-5", "roses-6"], gems=NO_GEMS)
    state = play(play(state, 0, "doves-10"), 1, "doves-5")
    assert legal(state, 1) == []
    assert refusal(state, 1, {"type": "count_paws", "use": "both"}).code == NOT_YOUR_TURN


# --------------------------------------------------------------------------- #7


def _seven_led() -> State:
    state = make_state(
        ["doves-7", "roses-2", "stars-8"], ["doves-4", "roses-10", "stars-6"], gems=NO_GEMS
    )
    return play(state, 0, "doves-7")


def test_7_both_players_pick_a_card_at_the_same_time() -> None:
    state = _seven_led()
    assert state.phase == PASS_CARDS
    assert ENGINE.to_act(state) == (0, 1)
    assert [a["card"] for a in legal(state, 0)] == ["roses-2", "stars-8"]
    assert [a["card"] for a in legal(state, 1)] == ["doves-4", "roses-10", "stars-6"]


def test_7_a_pick_stays_hidden_from_the_partner_until_both_have_picked() -> None:
    state = _seven_led()
    picked, log = act(state, 0, "pass_card", card="stars-8")
    assert ENGINE.to_act(picked) == (1,)
    partner_view = canonical(ENGINE.view(picked, 1))
    assert "stars-8" not in partner_view and "8 of Stars" not in partner_view
    assert "stars-8" not in texts(log, 1) and "8 of Stars" not in texts(log, 1)
    assert ENGINE.view(picked, 1)["decision"]["picked"] == [True, False]
    assert ENGINE.view(picked, 0)["decision"]["my_pick"]["id"] == "stars-8"
    assert ENGINE.view(picked, 1)["decision"]["my_pick"] is None
    # The pick cannot be changed, and the partner's view cannot tell which card it was.
    assert refusal(picked, 0, {"type": "pass_card", "card": "roses-2"}).code == NOT_YOUR_TURN
    other, _ = act(state, 0, "pass_card", card="roses-2")
    assert canonical(ENGINE.view(other, 1)) == partner_view


def test_7_the_cards_change_hands_then_the_trick_goes_on() -> None:
    state = act(_seven_led(), 1, "pass_card", card="doves-4")[0]
    swapped, log = act(state, 0, "pass_card", card="stars-8")
    assert swapped.hands == (("doves-4", "roses-2"), ("roses-10", "stars-6", "stars-8"))
    assert "You pass the 8 of Stars and receive the 4 of Doves." in texts(log, 0)
    assert "You pass the 4 of Doves and receive the 8 of Stars." in texts(log, 1)
    assert "4 of Doves" not in texts(log, None)
    # Seat 1 gave away its only Dove, so it may now play any card.
    assert swapped.phase == PLAY and ENGINE.to_act(swapped) == (1,)
    assert len(legal(swapped, 1)) == 3
    # Each player now knows one card of the other's hand; onlookers do not.
    assert [c["id"] for c in ENGINE.view(swapped, 0)["known_in_hands"][1]] == ["stars-8"]
    assert ENGINE.view(swapped, None)["known_in_hands"] == [[], []]
    known = {s.value: s.known_to for s in ENGINE.secrets(swapped)}
    assert known["stars-8"] == (1, 0) and known["roses-10"] == (1,)


def test_7_followed_swaps_before_the_trick_is_decided() -> None:
    state = make_state(["doves-6", "roses-2"], ["doves-7", "stars-6"], gems=NO_GEMS)
    state = play(play(state, 0, "doves-6"), 1, "doves-7")
    assert ENGINE.to_act(state) == (0, 1)
    state = act(state, 0, "pass_card", card="roses-2")[0]
    after = act(state, 1, "pass_card", card="stars-6")[0]
    assert after.tricks_won == (0, 1)
    assert after.hands == (("stars-6",), ("roses-2",))


def test_7_on_the_last_trick_has_no_effect() -> None:
    state = make_state(["doves-7"], ["doves-2"], trick_no=11, gems=NO_GEMS)
    transition = ENGINE.apply(state, 0, {"type": "play", "card": "doves-7"})
    assert transition.state.phase == PLAY and ENGINE.to_act(transition.state) == (1,)
    assert "the 7 has no effect" in texts(transition.log)


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_7_pick_order_does_not_matter(order: tuple[int, int]) -> None:
    state = _seven_led()
    cards = {0: "roses-2", 1: "stars-6"}
    for seat in order:
        state = act(state, seat, "pass_card", card=cards[seat])[0]
    assert state.hands == (("stars-6", "stars-8"), ("doves-4", "roses-2", "roses-10"))

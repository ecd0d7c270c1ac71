"""Playing a trick: leading, following suit, the #9, trump and who wins."""

from __future__ import annotations

import pytest

from app.games.fox_in_the_forest_duet import ENGINE
from app.games.protocol import ILLEGAL, NOT_YOUR_TURN
from tests.games.fox_in_the_forest_duet.helpers import legal, make_state, play, refusal


def test_the_leader_may_lead_any_card() -> None:
    state = make_state(["doves-6", "roses-2", "stars-8"], ["doves-2", "roses-4", "stars-10"])
    assert [a["card"] for a in legal(state, 0)] == ["doves-6", "roses-2", "stars-8"]
    assert legal(state, 1) == []


def test_the_follower_must_follow_the_lead_suit_if_able() -> None:
    state = make_state(["doves-6", "roses-2"], ["doves-2", "doves-8", "roses-4"])
    state = play(state, 0, "doves-6")
    assert [a["card"] for a in legal(state, 1)] == ["doves-2", "doves-8"]
    refused = refusal(state, 1, {"type": "play", "card": "roses-4"})
    assert refused.code == ILLEGAL
    assert refused.message == "You must follow suit: you hold Doves."
    assert ENGINE.view(state, 1)["prompt"] == "Play a card: you must follow Doves."
    assert ENGINE.view(state, 1)["must_follow"] == "doves"


def test_a_follower_without_the_lead_suit_plays_anything_and_shows_out() -> None:
    state = make_state(["doves-6", "roses-2"], ["roses-4", "stars-10"])
    state = play(state, 0, "doves-6")
    assert [a["card"] for a in legal(state, 1)] == ["roses-4", "stars-10"]
    assert ENGINE.view(state, 1)["prompt"] == "Play any card: you have no Doves."
    state = play(state, 1, "roses-4")
    assert state.voids == ((), ("doves",))
    assert ENGINE.view(state, 0)["voids"] == [[], ["doves"]]


def test_a_led_9_frees_the_follower_from_following_suit() -> None:
    state = make_state(["doves-9", "roses-2"], ["doves-2", "roses-4", "stars-10"])
    state = play(state, 0, "doves-9")
    assert [a["card"] for a in legal(state, 1)] == ["doves-2", "roses-4", "stars-10"]
    assert "need not follow Doves" in ENGINE.view(state, 1)["prompt"]
    # Not following a 9 reveals nothing about the follower's hand.
    assert play(state, 1, "roses-4").voids == ((), ())


def test_a_followed_9_changes_nothing() -> None:
    state = make_state(["doves-6", "roses-2"], ["roses-9", "doves-2"], leader=1)
    state = play(state, 1, "roses-9")
    state = play(state, 0, "roses-2")
    assert state.tricks_won == (0, 1)
    state = make_state(["doves-6", "roses-2"], ["doves-9", "roses-4"])
    state = play(state, 0, "doves-6")
    assert [a["card"] for a in legal(state, 1)] == ["doves-9"]


@pytest.mark.parametrize(
    ("lead", "follow", "decree", "winner"),
    [
        ("doves-6", "doves-2", "stars-4", 0),  # rulebook: the six beats the two
        ("doves-2", "doves-6", "stars-4", 1),  # higher card of the lead suit
        ("doves-10", "stars-2", "stars-4", 1),  # rulebook: the only trump wins
        ("stars-2", "doves-10", "stars-4", 0),  # a trump lead beats a higher off-suit card
        ("stars-6", "stars-8", "stars-4", 1),  # both trump: the higher wins
        ("doves-2", "roses-10", "stars-4", 0),  # off-suit, not trump: the lead wins
    ],
)
def test_who_wins_the_trick(lead: str, follow: str, decree: str, winner: int) -> None:
    state = make_state([lead, "roses-5"], [follow, "roses-6"], decree=decree)
    state = play(play(state, 0, lead), 1, follow)
    assert state.tricks_won[winner] == 1
    assert state.last_trick is not None and state.last_trick.winner == winner


def test_the_winner_of_a_trick_leads_the_next() -> None:
    state = make_state(["doves-2", "roses-5"], ["doves-6", "roses-6"])
    state = play(play(state, 0, "doves-2"), 1, "doves-6")
    assert ENGINE.to_act(state) == (1,)
    assert state.trick_no == 2
    refused = refusal(state, 0, {"type": "play", "card": "roses-5"})
    assert refused.code == NOT_YOUR_TURN


def test_playing_a_card_not_in_hand_is_refused_without_revealing_anything() -> None:
    state = make_state(["doves-2"], ["doves-6"])
    refused = refusal(state, 0, {"type": "play", "card": "doves-6"})
    assert refused.code == ILLEGAL
    assert refused.message == "You do not hold that card."

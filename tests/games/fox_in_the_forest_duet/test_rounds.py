"""Rounds: the "+" gems and the forest token at a round's end, the next deal, winning, losing."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.fox_in_the_forest_duet import ENGINE
from app.games.fox_in_the_forest_duet.state import OVER, PLAY, ROUND_END, State
from app.games.protocol import ILLEGAL
from tests.games.fox_in_the_forest_duet.helpers import (
    act,
    gems,
    legal,
    make_state,
    play,
    refusal,
    texts,
)


def _last_trick_of_round(round_no: int = 1, **fields: Any) -> State:
    """Trick 11 just played: 6 of Doves (2) beats 2 of Doves (3), 5 toward seat 0."""
    state = make_state(["doves-6"], ["doves-2"], trick_no=11, round=round_no, **fields)
    return play(play(state, 0, "doves-6"), 1, "doves-2")


def test_after_eleven_tricks_plus_spaces_get_a_gem_and_the_team_places_a_token() -> None:
    state = _last_trick_of_round(gems=gems((9, 1)), tracker=7)
    assert state.phase == ROUND_END
    assert state.gems == gems((1, 1), (3, 1), (4, 1), (6, 1), (8, 1), (9, 1))  # side A "+"
    assert state.supply == 5
    # Seat 1 dealt round 1, so it leads round 2 and makes the team's choice.
    assert ENGINE.to_act(state) == (1,)
    assert legal(state, 1) == [
        {"type": "place_forest_token", "end": 0},
        {"type": "place_forest_token", "end": 1},
    ]
    assert "choose the end" in ENGINE.view(state, 1)["prompt"]


def test_rulebook_example_token_on_the_right_then_the_next_round_is_dealt() -> None:
    state = _last_trick_of_round(gems=gems((9, 1), (10, 2)), tracker=7)
    assert state.tracker == 2
    after, log = act(state, 1, "place_forest_token", end=1)
    assert after.covered == (0, 1) and after.forest_left == 3
    # The gems on space 10 slide one space toward the centre.
    assert after.gems[10] == 0 and after.gems[9] == 3
    assert after.round == 2 and after.trick_no == 1
    assert after.dealer == 0 and ENGINE.to_act(after) == (1,)
    assert [len(hand) for hand in after.hands] == [11, 11]
    assert after.tracker == 2  # the tracker stays where it ended the round
    assert after.tricks_won == (0, 0) and after.last_trick is None
    assert after.phase == PLAY
    assert "Round 2: {seat0} deals" in texts(log)


def test_the_token_must_go_to_the_other_end_when_the_tracker_stands_on_the_last_space() -> None:
    state = _last_trick_of_round(gems=gems((9, 1)), tracker=5)
    assert state.tracker == 0
    assert legal(state, 1) == [{"type": "place_forest_token", "end": 1}]
    refused = refusal(state, 1, {"type": "place_forest_token", "end": 0})
    assert refused.code == ILLEGAL
    assert "other end" in refused.message
    assert "goes to {seat1}'s end" in ENGINE.view(state, 1)["prompt"]


def test_with_no_token_left_the_round_end_step_is_skipped() -> None:
    state = _last_trick_of_round(gems=gems((9, 1)), covered=(2, 2), forest_left=0, tracker=7)
    assert legal(state, 1) == [{"type": "next_round"}]
    assert refusal(state, 1, {"type": "place_forest_token", "end": 0}).code == ILLEGAL
    after, _ = act(state, 1, "next_round")
    assert after.round == 2 and after.forest_left == 0 and after.covered == (2, 2)


def test_ruling_a_plus_gem_due_on_a_covered_space_slides_to_the_first_open_space() -> None:
    # Side B has "+" on both end spaces; with two tokens at seat 0's end, its gem lands on 2.
    state = _last_trick_of_round(
        level=2, gems=gems((9, 1)), covered=(2, 0), forest_left=2, tracker=9
    )
    assert state.tracker == 4
    assert state.gems == gems((2, 2), (4, 1), (8, 1), (9, 1), (10, 1))


def test_the_third_round_ending_with_gems_left_loses() -> None:
    transition = ENGINE.apply(
        play(
            make_state(["doves-6"], ["doves-2"], trick_no=11, round=3, gems=gems((9, 1))),
            0,
            "doves-6",
        ),
        1,
        {"type": "play", "card": "doves-2"},
    )
    state = transition.state
    assert state.phase == OVER
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.scores, outcome.reason) == ((), (0, 0), "rounds_over")
    assert outcome.detail["gems_left"] == 1
    assert "the team loses" in texts(transition.log)
    assert "loses" in ENGINE.view(state, 0)["prompt"]


def test_rulebook_winning_in_round_two_scores_the_bonus() -> None:
    # The last gem is taken on trick 4 of round 2 with 7 cards in each hand.
    hand0 = [
        "doves-6",
        "roses-1",
        "roses-2",
        "roses-3",
        "roses-4",
        "roses-6",
        "roses-8",
        "roses-10",
    ]
    hand1 = ["doves-2", "stars-1", "stars-2", "stars-3", "stars-5", "stars-6", "stars-8", "stars-9"]
    state = make_state(
        hand0,
        hand1,
        decree="stars-10",
        trick_no=4,
        round=2,
        tracker=5,
        gems=gems((0, 1)),
        forest_left=2,
        covered=(0, 2),
        collected=21,
    )
    transition = ENGINE.apply(play(state, 0, "doves-6"), 1, {"type": "play", "card": "doves-2"})
    won = transition.state
    assert won.phase == OVER and ENGINE.to_act(won) == ()
    outcome = ENGINE.outcome(won)
    assert outcome is not None
    assert outcome.winners == (0, 1) and outcome.reason == "all_gems_collected"
    assert outcome.detail == {
        "result": "won",
        "level": 1,
        "round": 2,
        "cards_left": 14,
        "forest_tokens_unused": 2,
        "gems_collected": 22,
        "level_points": 10,
        "card_points": 14,
        "round_two_bonus": 10,
        "forest_token_points": 6,
        "total": 40,
    }
    assert outcome.scores == (40, 40)
    assert "the team wins" in texts(transition.log)
    assert ENGINE.view(won, 1)["prompt"] == "The team took every gem and wins with 40 points!"


@pytest.mark.parametrize(("level", "points"), [(1, 10), (2, 20), (3, 30)])
def test_a_win_in_round_three_scores_level_points_cards_and_tokens(level: int, points: int) -> None:
    state = make_state(
        ["doves-6", "roses-2"],
        ["doves-2", "roses-4"],
        round=3,
        level=level,
        gems=gems((0, 1)),
        forest_left=1,
    )
    won = play(play(state, 0, "doves-6"), 1, "doves-2")
    outcome = ENGINE.outcome(won)
    assert outcome is not None and outcome.winners == (0, 1)
    assert outcome.detail["round_two_bonus"] == 0
    assert outcome.scores[0] == points + 2 + 3


def test_taking_the_last_gem_on_the_last_trick_of_round_three_still_wins() -> None:
    state = _last_trick_of_round(3, gems=gems((0, 1)))
    assert ENGINE.outcome(state) is not None
    assert state.result == "all_gems_collected"


def test_the_win_happens_at_once_even_with_tokens_and_rounds_to_spare() -> None:
    state = make_state(["doves-6", "roses-2"], ["doves-2", "roses-4"], gems=gems((0, 1)))
    won = play(play(state, 0, "doves-6"), 1, "doves-2")
    assert won.phase == OVER and won.hands == (("roses-2",), ("roses-4",))
    assert legal(won, 0) == [] and legal(won, 1) == []

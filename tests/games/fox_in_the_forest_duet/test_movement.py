"""The Team Tracker: paw prints, gems on landing, going too far, forest tokens, losing."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet import ENGINE
from app.games.fox_in_the_forest_duet.state import OVER, PLAY
from tests.games.fox_in_the_forest_duet.helpers import gems, make_state, play, texts


def _trick(state, lead: str, follow: str):  # type: ignore[no-untyped-def]
    leader = state.leader
    return play(play(state, leader, lead), 1 - leader, follow)


def test_rulebook_example_six_and_two_move_five_toward_the_winner() -> None:
    # The six of Doves (2 paws) beats the two of Doves (3 paws): 5 spaces toward the winner.
    state = make_state(["doves-6", "roses-5"], ["doves-2", "roses-6"], gems=gems())
    after = _trick(state, "doves-6", "doves-2")
    assert after.tracker == 0
    assert after.last_trick is not None
    assert (after.last_trick.paws, after.last_trick.toward, after.last_trick.stop) == (5, 0, 0)
    # The same trick won by seat 1 moves toward seat 1's end.
    state = make_state(["doves-2", "roses-5"], ["doves-6", "roses-6"], gems=gems())
    assert _trick(state, "doves-2", "doves-6").tracker == 10


def test_landing_on_gems_takes_exactly_one() -> None:
    state = make_state(["doves-6", "roses-5"], ["doves-2", "roses-6"], gems=gems((0, 2), (9, 1)))
    after = _trick(state, "doves-6", "doves-2")
    assert after.gems == gems((0, 1), (9, 1))
    assert after.collected == 1
    assert "takes a gem (2 left on the board)" in texts(
        ENGINE.apply(play(state, 0, "doves-6"), 1, {"type": "play", "card": "doves-2"}).log
    )


def test_a_move_of_zero_still_takes_a_gem_where_the_tracker_stands() -> None:
    # 9 and 1 have no paw prints; with nothing to move, the #1's choice of way is skipped.
    state = make_state(
        ["roses-9", "doves-5"], ["roses-1", "doves-6"], tracker=3, gems=gems((3, 1), (8, 1))
    )
    after = _trick(state, "roses-9", "roses-1")
    assert after.phase == PLAY
    assert after.tracker == 3
    assert after.gems == gems((8, 1))
    assert after.last_trick is not None and after.last_trick.gem


def test_no_gem_where_there_is_none() -> None:
    state = make_state(["doves-8", "roses-5"], ["doves-4", "roses-6"], gems=gems((0, 1), (10, 1)))
    after = _trick(state, "doves-8", "doves-4")  # 3 paws toward seat 0: space 2
    assert after.tracker == 2 and after.collected == 0 and after.gems_on_board == 2


def test_landing_exactly_on_the_last_space_is_not_going_too_far() -> None:
    state = make_state(
        ["doves-8", "roses-5"], ["doves-4", "roses-6"], tracker=3, gems=gems((0, 1), (10, 1))
    )
    after = _trick(state, "doves-8", "doves-4")
    assert after.tracker == 0 and after.forest_left == 4 and after.collected == 1


def test_rulebook_example_moving_past_the_end_resets_places_a_token_and_slides_gems() -> None:
    # Three spaces toward seat 0 from space 1 go past the end of the path.
    state = make_state(
        ["doves-8", "roses-5"],
        ["doves-4", "roses-6"],
        tracker=1,
        gems=gems((0, 2), (1, 1), (5, 1), (10, 1)),
    )
    after = _trick(state, "doves-8", "doves-4")
    assert after.tracker == 5
    assert after.covered == (1, 0) and after.forest_left == 3
    # The 2 gems of the covered space slide to space 1; the centre's gem is not taken.
    assert after.gems == gems((1, 3), (5, 1), (10, 1))
    assert after.collected == 0
    assert after.last_trick is not None and after.last_trick.reset
    view = ENGINE.view(after, 0)
    assert view["path"][0]["covered"] and not view["path"][1]["covered"]
    assert view["forest_tokens_at_end"] == [1, 0]


def test_moving_onto_a_forest_token_also_resets_and_covers_the_next_space() -> None:
    state = make_state(
        ["doves-2", "roses-5"],
        ["doves-6", "roses-6"],
        tracker=7,
        covered=(0, 2),
        forest_left=2,
        gems=gems((0, 1), (8, 2)),
    )
    after = _trick(state, "doves-2", "doves-6")  # 5 toward seat 1: space 12 > 8
    assert after.tracker == 5
    assert after.covered == (0, 3) and after.forest_left == 1
    assert after.gems == gems((0, 1), (7, 2))
    state = make_state(
        ["doves-4", "roses-6"],
        ["doves-8", "roses-5"],
        tracker=7,
        leader=1,
        covered=(0, 2),
        forest_left=2,
        gems=gems((0, 1), (8, 2)),
    )
    after = play(play(state, 1, "doves-8"), 0, "doves-4")  # 3 toward seat 1: onto space 10
    assert after.tracker == 5 and after.covered == (0, 3)


def test_the_team_loses_when_a_token_is_needed_and_none_is_left() -> None:
    state = make_state(
        ["doves-8", "roses-5"],
        ["doves-4", "roses-6"],
        tracker=2,
        covered=(2, 2),
        forest_left=0,
        gems=gems((4, 1)),
    )
    transition = ENGINE.apply(play(state, 0, "doves-8"), 1, {"type": "play", "card": "doves-4"})
    after = transition.state
    assert after.phase == OVER
    assert ENGINE.to_act(after) == ()
    outcome = ENGINE.outcome(after)
    assert outcome is not None
    assert outcome.winners == () and outcome.scores == (0, 0)
    assert outcome.reason == "no_forest_token_left"
    assert outcome.detail["result"] == "lost"
    assert "the team loses" in texts(transition.log)


def test_ruling_the_centre_is_never_covered_so_reaching_it_loses() -> None:
    # A house board with tokens to spare: the five spaces of seat 0's side are covered.
    state = make_state(
        ["doves-8", "roses-5"],
        ["doves-4", "roses-6"],
        tracker=6,
        covered=(5, 0),
        forest_left=3,
        gems=gems((8, 1)),
    )
    after = _trick(state, "doves-8", "doves-4")
    assert after.phase == OVER
    assert after.result == "no_forest_token_left"
    assert after.covered == (5, 0)

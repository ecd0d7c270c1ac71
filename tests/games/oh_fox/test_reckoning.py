"""The final reckoning: moves, the FAQ's attack examples, eating, healing, returning home."""

from __future__ import annotations

from app.games.oh_fox.data import HEALING
from app.games.oh_fox.scoring_reckoning import FLY, JUMP, LAND, WALK, track
from tests.games.oh_fox.helpers import attacks_by_turn, row, run, sp

# ----------------------------------------------------------------------------- moving


def test_single_double_and_stop_follow_the_arrow_and_wrap_around_the_edges() -> None:
    assert track("squirrel", row("1E X 2S 1N"), sp("r0c1")) == [
        sp("r0c1"),
        sp("r0c2"),
        sp("r0c2"),
        sp("r2c2"),
        sp("r1c2"),
    ]
    # Leaving the top edge re-enters at the bottom, leaving the left edge re-enters on the right.
    assert track("rat", row("1N"), sp("r0c1"))[-1] == sp("r3c1")
    assert track("rat", row("1W"), sp("r2c0"))[-1] == sp("r2c3")


def test_a_double_move_is_executed_one_space_at_a_time() -> None:
    reckoning = run(("squirrel", "fox"), "2S", "X")
    first, second = reckoning.turns[0].steps
    assert (first[0].start, first[0].end, first[0].mode) == (sp("r0c1"), sp("r1c1"), WALK)
    assert (second[0].start, second[0].end) == (sp("r1c1"), sp("r2c1"))


# ----------------------------------------------------------------------------- the FAQ's attacks


def test_faq_prey_is_attacked_after_the_first_half_of_its_double_move() -> None:
    # Turn 2: the squirrel goes r0c1 -> r0c2 -> r0c3 while the fox steps r1c2 -> r0c2.
    reckoning = run(("squirrel", "fox"), "X 2E", "1W 1N")
    turn2 = reckoning.turns[1]
    assert [len(a) for a in turn2.attacks] == [1, 0]
    assert attacks_by_turn(reckoning) == {2: [(0, "r0c2", False)]}
    assert turn2.ends[0] == sp("r0c3")
    # Had the fox stayed on r1c2, the squirrel would have passed untouched.
    assert run(("squirrel", "fox"), "X 2E", "1W X").attacked == (0, 0)


def test_faq_prey_moved_away_before_the_predator_arrives() -> None:
    # The squirrel leaves r1c1 in step 1; the fox's double move reaches r1c1 only in step 2.
    reckoning = run(("squirrel", "fox"), "1S 1S", "X 2W")
    assert reckoning.attacked == (0, 0)
    # Had the squirrel stayed on r1c1, the fox would have caught it there.
    assert attacks_by_turn(run(("squirrel", "fox"), "1S X", "X 2W")) == {2: [(0, "r1c1", False)]}


def test_faq_attack_halfway_across_a_route() -> None:
    # Turn 3: the squirrel goes r0c1 -> r0c2 and the fox r0c2 -> r0c1: they meet on the route.
    reckoning = run(("squirrel", "fox"), "X X 1E", "1W 1N 1W")
    assert attacks_by_turn(reckoning) == {3: [(0, "r0c1>r0c2", True)]}
    assert reckoning.turns[2].ends == (sp("r0c2"), sp("r0c1"))


def test_a_prey_is_attacked_at_most_once_per_turn_and_again_in_later_turns() -> None:
    # Turn 2 the fox lands on the squirrel; turn 3 both stay (attacked again: a turn always has
    # a step); turn 4 both double-move east together (two shared spaces, one attack).
    reckoning = run(("squirrel", "fox"), "X X X 2E", "2W 1N X 2E")
    assert sorted(attacks_by_turn(reckoning)) == [2, 3, 4]
    assert reckoning.attacked == (3, 0)
    assert reckoning.attacks_made == 3
    assert reckoning.broken == (3, 0)


def test_the_predator_attacks_every_prey_it_meets_in_one_turn() -> None:
    # The fox's double move south meets the squirrel on r1c1, then the rabbit on r2c1.
    reckoning = run(("fox", "squirrel", "rabbit"), "X 2S", "2W X", "1W 1N")
    assert attacks_by_turn(reckoning) == {2: [(1, "r1c1", False), (2, "r2c1", False)]}
    assert reckoning.attacks_made == 2
    assert [len(a) for a in reckoning.turns[1].attacks] == [1, 1]


def test_prey_never_attack_each_other() -> None:
    # The rat joins the squirrel on r1c1 in turn 2: two prey on one space, nothing happens.
    reckoning = run(("fox", "squirrel", "rabbit", "rat"), "X X", "2W X", "X X", "1E 1N")
    assert reckoning.turns[1].ends[1] == reckoning.turns[1].ends[3] == sp("r1c1")
    assert reckoning.attacked == (0, 0, 0, 0)


# ----------------------------------------------------------------------------- eating


def test_a_prey_eats_its_food_with_a_stop_only_once_per_space() -> None:
    reckoning = run(("squirrel", "fox"), "1W X X", "X X X")
    assert reckoning.food == (1, 0)
    assert reckoning.turns[1].eats == ((0, sp("r0c0")),)
    assert reckoning.turns[2].eats == ()


def test_a_move_stop_eats_on_the_space_it_moves_into() -> None:
    assert run(("squirrel", "fox"), "MW", "X").food == (1, 0)


def test_moving_onto_food_without_a_stop_eats_nothing() -> None:
    assert run(("squirrel", "fox"), "1W 1E", "X X").food == (0, 0)


def test_a_stop_on_someone_elses_food_eats_nothing() -> None:
    # r0c0 holds nuts; the sparrow eats berries.
    assert run(("sparrow", "fox"), "1W X", "X X").food == (0, 0)


def test_the_home_space_has_food_too() -> None:
    # Red's home r0c1 holds berries.
    assert run(("sparrow", "fox"), "X", "X").food == (1, 0)


def test_the_predator_never_eats_food() -> None:
    # The fox stops on the healing space's nuts and on bugs: a predator only eats by attacking.
    assert run(("squirrel", "fox"), "X X", "2W X").food == (0, 0)


def test_an_attacked_prey_still_eats() -> None:
    reckoning = run(("squirrel", "fox"), "1S X", "X 2W")
    assert reckoning.food == (1, 0)
    assert reckoning.attacks_made == 1


def test_eating_the_same_food_on_different_spaces_counts_each_time() -> None:
    # r0c0 then r1c1 (via r1c0): both nuts.
    assert run(("squirrel", "fox"), "MW 1S ME", "X X X").food == (2, 0)


# ----------------------------------------------------------------------------- healing


def test_ending_a_turn_on_the_healing_space_discards_a_broken_heart() -> None:
    # Attacked on its home in turn 2, the squirrel heals on r1c1 in turn 3.
    reckoning = run(("squirrel", "fox"), "X X 1S X", "2W 1N 1W X")
    assert reckoning.attacked == (1, 0)
    assert reckoning.turns[2].heals == (0,)
    # Turn 4 on the healing space again: no broken heart left, so nothing to discard.
    assert reckoning.turns[3].heals == ()
    assert (reckoning.broken, reckoning.heals) == ((0, 0), (1, 0))


def test_healing_without_broken_hearts_has_no_effect() -> None:
    reckoning = run(("squirrel", "fox"), "1S X", "X X")
    assert reckoning.turns[0].ends[0] == HEALING
    assert (reckoning.broken, reckoning.heals) == ((0, 0), (0, 0))


def test_attacked_while_ending_the_turn_on_the_healing_space_heals_at_once() -> None:
    reckoning = run(("squirrel", "fox"), "1S X", "X 2W")
    assert reckoning.attacked == (1, 0)
    assert reckoning.attacks_made == 1  # the predator still scores the attack
    assert reckoning.broken == (0, 0)
    assert reckoning.heals == (1, 0)


def test_one_turn_on_the_healing_space_discards_only_one_broken_heart() -> None:
    # Attacked on its home in turn 2, then followed onto the healing space in turn 3.
    reckoning = run(("squirrel", "fox"), "X X 1S", "2W 1N 1S")
    assert reckoning.attacked == (2, 0)
    assert (reckoning.broken, reckoning.heals) == ((1, 0), (1, 0))


def test_the_predator_does_not_heal() -> None:
    reckoning = run(("squirrel", "fox"), "X X", "2W X")
    assert reckoning.heals == (0, 0)


# ----------------------------------------------------------------------------- returning home


def test_a_prey_standing_on_its_home_after_turn_8_returns_home() -> None:
    assert run(("squirrel", "fox"), "1E X X X X X X 1W", "X X X X X X X X").home == (True, False)
    assert run(("squirrel", "fox"), "X X X X X X X X", "X X X X X X X X").home == (True, False)


def test_being_home_before_turn_8_is_not_returning_home() -> None:
    assert run(("squirrel", "fox"), "1E X X X X X 1W 1E", "X X X X X X X X").home == (False,) * 2


def test_the_predator_never_scores_for_returning_home() -> None:
    assert run(("fox", "squirrel"), "X X X X X X X X", "1E X X X X X X X").home == (False,) * 2


def test_the_sparrow_can_fly_home_in_turn_8() -> None:
    reckoning = run(("sparrow", "fox"), "X X X X X X X TE", "X X X X X X X X")
    assert reckoning.home == (True, False)
    assert [m[0].mode for m in reckoning.turns[7].steps] == [FLY, FLY, FLY, LAND]


def test_a_jump_is_one_step_that_meets_nobody_on_the_way() -> None:
    # The toad jumps r0c1 -> r1c1 while the fox walks r1c1 -> r0c1: no meeting on the route.
    reckoning = run(("toad", "fox"), "X TE", "2W 1N")
    assert reckoning.turns[1].steps[0][0].mode == JUMP
    assert reckoning.attacks_made == 0

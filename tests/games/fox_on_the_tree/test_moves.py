"""Moves: basic moves, the farm animals' Dodge, the predators' Jump, Banana Peels, Swamps."""

from __future__ import annotations

import pytest

from app.games.fox_on_the_tree.state import animals_on
from app.games.protocol import ILLEGAL, IllegalAction
from tests.games.fox_on_the_tree.helpers import act, make_state, move, move_targets, where


def test_basic_moves_go_one_tile_forward_for_each_team() -> None:
    state = make_state(at={"cow": 0, "wolf": 9})
    assert 1 in move_targets(state, "cow")
    assert 8 in move_targets(state, "wolf")
    assert where(move(state, "cow", 1), "cow") == 1
    assert where(move(state, "wolf", 8), "wolf") == 8


def test_any_player_may_move_any_animal() -> None:
    state = make_state(at={"cow": 0, "wolf": 9}, active=2)
    assert move_targets(state, "cow", seat=2) == [1]
    assert move_targets(state, "wolf", seat=2) == [8, 7]


def test_animals_never_move_backwards() -> None:
    state = make_state(at={"cow": 4, "wolf": 6})
    assert all(tile > 4 for tile in move_targets(state, "cow"))
    with pytest.raises(IllegalAction) as refusal:
        move(state, "cow", 3)
    assert refusal.value.code == ILLEGAL
    assert "forward" in refusal.value.message


def test_rulebook_dodge_example_friendly_tile_or_past_the_row_with_two_banana_peels() -> None:
    # The cow faces a row wolf / pig / fox; two Banana Peels lie just past the row.
    state = make_state(
        at={"cow": 1, "wolf": 2, "pig": 3, "fox": 4}, tokens={5: "banana", 6: "banana"}
    )
    assert move_targets(state, "cow") == [2, 3, 5]
    onto_friend = move(state, "cow", 3)
    assert where(onto_friend, "cow") == 3
    past_the_row = move(state, "cow", 5)
    assert where(past_the_row, "cow") == 7  # two more tiles: the chain of Banana Peels
    assert past_the_row.tile_tokens[5] == "" and past_the_row.tile_tokens[6] == ""


def test_dodge_may_start_with_animals_on_the_previous_tile() -> None:
    state = make_state(at={"sheep": 1, "cow": 2, "wolf": 3})
    assert move_targets(state, "cow") == [3, 4]


def test_dodge_needs_an_occupied_next_tile() -> None:
    state = make_state(at={"cow": 1, "pig": 3, "wolf": 4})
    assert move_targets(state, "cow") == [2]


def test_dodge_ends_on_any_friendly_tile_of_the_row_or_just_past_it() -> None:
    state = make_state(at={"cow": 1, "wolf": 2, "pig": 3, "fox": 3, "bear": 4, "lynx": 6})
    assert move_targets(state, "cow") == [2, 3, 5]


def test_dodge_is_impossible_when_the_row_reaches_the_end_without_a_friend() -> None:
    # Row: tile 8 (wolf) and the Lair (bear): no farm animal in it and no tile past it.
    state = make_state(at={"cow": 7, "wolf": 8, "bear": 9})
    assert move_targets(state, "cow") == [8]


def test_dodge_may_end_on_the_final_tile_just_past_the_row() -> None:
    state = make_state(at={"cow": 7, "wolf": 8, "pig": 0})
    assert move_targets(state, "cow") == [8, 9]
    after = move(state, "cow", 9)
    assert after.track[0][7] == "cow"  # arrived: highest free number


def test_dodge_runs_the_other_way_in_phase_two() -> None:
    state = make_state(half=2, at={"cow": 8, "wolf": 7, "pig": 3})
    assert move_targets(state, "cow") == [7, 6]


def test_predators_do_not_dodge_and_farm_animals_do_not_jump() -> None:
    state = make_state(at={"wolf": 8, "cow": 7, "pig": 6, "sheep": 1})
    assert move_targets(state, "wolf") == [7, 6]
    assert move_targets(state, "sheep") == [2]


def test_jump_skips_the_middle_tile_whatever_is_on_it() -> None:
    state = make_state(at={"wolf": 9, "cow": 8, "pig": 8}, tokens={8: "swamp"})
    assert move_targets(state, "wolf") == [8, 7]
    jumped = move(state, "wolf", 7)
    assert where(jumped, "wolf") == 7 and where(jumped, "cow") == 8


def test_jump_over_a_banana_peel_leaves_it_in_place() -> None:
    state = make_state(at={"wolf": 5}, tokens={4: "banana"})
    jumped = move(state, "wolf", 3)
    assert where(jumped, "wolf") == 3 and jumped.tile_tokens[4] == "banana"


def test_a_predator_next_to_its_final_tile_can_only_step_onto_it() -> None:
    state = make_state(at={"wolf": 1, "cow": 5})
    assert move_targets(state, "wolf") == [0]
    assert move_targets(make_state(half=2, at={"fox": 8}), "fox") == [9]


def test_predators_jump_the_other_way_in_phase_two() -> None:
    assert move_targets(make_state(half=2, at={"wolf": 0}), "wolf") == [1, 2]


def test_a_banana_peel_pushes_one_tile_further_and_is_discarded() -> None:
    state = make_state(at={"wolf": 5}, tokens={4: "banana"})
    after = move(state, "wolf", 4)
    assert where(after, "wolf") == 3 and after.tile_tokens[4] == ""


def test_banana_peels_in_a_row_chain_one_by_one() -> None:
    state = make_state(at={"wolf": 6}, tokens={5: "banana", 4: "banana", 3: "banana"})
    after = move(state, "wolf", 5)
    assert where(after, "wolf") == 2
    assert after.tile_tokens[3:6] == ("", "", "")


def test_a_banana_peel_stops_at_a_swamp_tile_and_the_animal_is_stuck_there() -> None:
    state = make_state(at={"cow": 2, "pig": 0}, tokens={3: "banana", 4: "swamp"})
    after = move(state, "cow", 3)
    assert where(after, "cow") == 4
    assert move_targets(after, "cow", seat=after.active) == []


def test_a_banana_peel_next_to_the_final_tile_carries_the_animal_home() -> None:
    state = make_state(at={"cow": 7, "pig": 0}, tokens={8: "banana"})
    after = move(state, "cow", 8)
    assert after.track[0][7] == "cow" and after.tile_tokens[8] == ""


def test_a_conflict_is_resolved_where_the_banana_peel_leaves_the_animal() -> None:
    # The sheep lands on the peel (empty tile 4) and slides onto the lone wolf on 5.
    state = make_state(at={"sheep": 3, "wolf": 5, "pig": 0}, tokens={4: "banana"})
    after = move(state, "sheep", 4)
    assert after.pending is not None and after.pending.animal == "sheep"


def test_an_animal_in_a_swamp_cannot_be_moved() -> None:
    state = make_state(at={"cow": 3, "wolf": 8}, tokens={3: "swamp"})
    assert move_targets(state, "cow") == []
    with pytest.raises(IllegalAction) as refusal:
        move(state, "cow", 4)
    assert "Swamp" in refusal.value.message


def test_four_animals_of_a_team_may_share_a_tile() -> None:
    state = make_state(at={"cow": 3, "pig": 3, "chicken": 3, "sheep": 2, "wolf": 9})
    assert 3 in move_targets(state, "sheep")
    assert len(animals_on(move(state, "sheep", 3), 3)) == 4


def test_a_move_ends_the_turn_and_passes_it_to_the_left() -> None:
    state = make_state(at={"cow": 0, "wolf": 9}, players=3, active=2)
    after = act(state, 2, {"type": "move", "animal": "cow", "to": 1})
    assert after.active == 0 and after.phase == "turn" and after.turn == 2

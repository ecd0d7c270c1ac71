"""Movement: the free first step, face-down and start tiles, arrows, constraints, staying still.

Cells: column letter A-E, row 1-5 from the top. North is up (row - 1), east is right.
"""

from __future__ import annotations

import pytest

from app.games.fox_on_the_run import ENGINE, data
from app.games.protocol import ILLEGAL, IllegalAction

from .helpers import (
    arrows_on,
    current_name,
    events,
    face_up,
    follow,
    legal,
    make_state,
    play,
    step,
    step_directions,
    where,
)


def test_first_step_is_orthogonal_for_everyone_but_indigo() -> None:
    puffer = make_state(where={data.PUFFER: "C3", data.ZEV: "A5"}, current=data.PUFFER)
    assert step_directions(puffer) == {"N", "E", "S", "W"}
    indigo = make_state(where={data.INDIGO: "C3", data.PUFFER: "A5", data.ZEV: "A5"})
    assert step_directions(indigo) == set(data.EVERY_DIRECTION)


def test_diagonal_step_by_anyone_but_indigo_is_refused() -> None:
    state = make_state(where={data.SCARLETT: "C3"}, current=data.SCARLETT)
    with pytest.raises(IllegalAction) as refused:
        play(state, step("NE"))
    assert refused.value.code == ILLEGAL
    assert "diagonally" in refused.value.message


def test_the_first_step_ignores_the_arrow_of_the_tile_the_character_stands_on() -> None:
    state = make_state({"C3": "N"}, {data.SCARLETT: "C3"}, current=data.SCARLETT)
    assert "S" in step_directions(state)
    after, _ = play(state, step("S"))
    assert where(after, data.SCARLETT) == "C4"


def test_stepping_onto_a_face_down_tile_reveals_it_and_ends_the_move() -> None:
    state = make_state({"B1": "?S"}, current=data.SCARLETT)
    after, log = play(state, step("E"))
    assert where(after, data.SCARLETT) == "B1"  # not carried south by the arrow just revealed
    assert face_up(after, "B1") and arrows_on(after, "B1") == ("S",)
    reveal = next(entry for entry in log if entry.data["event"] == "reveal")
    assert reveal.audience is None and reveal.data["arrows"] == ["S"]
    assert current_name(after) == data.ZEV  # Scarlett had no two free tiles to swap


def test_a_revealed_tile_keeps_its_orientation() -> None:
    state = make_state({"B1": "?E+S"}, current=data.SCARLETT)
    after, _ = play(state, step("E"))
    assert arrows_on(after, "B1") == ("E", "S")


def test_arrows_carry_the_character_from_tile_to_tile_until_a_face_down_tile() -> None:
    state = make_state({"E4": "W", "D4": "W", "C4": "N", "C3": "?E"})
    after, log = play(state, step("N"))
    assert where(after, data.INDIGO) == "C3"
    assert events(log) == ["step", "carried", "carried", "carried", "reveal"]
    assert [entry.data["to"] for entry in log[:4]] == [[3, 4], [3, 3], [3, 2], [2, 2]]


def test_moving_onto_a_start_tile_ends_the_move() -> None:
    state = make_state({"C2": "W"}, {data.INDIGO: "D2", data.PUFFER: "D5", data.ZEV: "A5"})
    after, log = play(state, step("W"))
    assert where(after, data.INDIGO) == "B2"  # the Guardians' start tile stops him
    assert events(log) == ["step", "carried"]


def test_an_arrow_off_the_board_is_ignored_and_the_move_ends() -> None:
    state = make_state({"E4": "E"})
    after, log = play(state, step("N"))
    assert where(after, data.INDIGO) == "E4"
    assert events(log) == ["step", "stop"]


def test_a_tile_with_two_usable_arrows_lets_the_player_choose() -> None:
    state = make_state({"E4": "N+W"})
    choosing, _ = play(state, step("N"))
    assert choosing.phase == "follow"
    assert legal(choosing) == [follow("N"), follow("W")]
    after, _ = play(choosing, follow("W"))
    assert where(after, data.INDIGO) == "D4" and face_up(after, "D4")


def test_board_boundary_example_indigo_moves_right_to_end_his_movement() -> None:
    """Not able to cross the board's edge, Indigo can choose the east arrow to stop."""
    state = make_state({"E4": "N+E"}, {data.INDIGO: "D4"})
    choosing, _ = play(state, step("E"))
    assert legal(choosing) == [follow("N"), follow("E")]
    arrows = ENGINE.view(choosing, 3)["current"]["arrows"]
    assert arrows == [
        {"direction": "N", "to": [2, 4], "stops": False},
        {"direction": "E", "to": None, "stops": True},
    ]
    stopped, log = play(choosing, follow("E"))
    assert where(stopped, data.INDIGO) == "E4"
    assert events(log)[0] == "stop"
    onward, _ = play(choosing, follow("N"))
    assert where(onward, data.INDIGO) == "E3"


def test_puffer_example_indigo_moves_up_to_end_his_movement_on_the_central_tile() -> None:
    """Not able to enter Puffer's tile, Indigo can pick the arrow towards it and stop."""
    state = make_state({"C3": "N+E"}, {data.INDIGO: "D4", data.PUFFER: "C2"})
    choosing, _ = play(state, step("NW"))
    assert choosing.phase == "follow"
    after, _ = play(choosing, follow("N"))
    assert where(after, data.INDIGO) == "C3"
    assert where(after, data.PUFFER) == "C2"


def test_scarlett_ends_her_movement_on_tile_a_when_the_arrow_points_at_puffer() -> None:
    state = make_state({"A2": "E"}, current=data.SCARLETT)
    after, log = play(state, step("S"))
    assert where(after, data.SCARLETT) == "A2"  # B2 holds Puffer: the arrow is ignored
    assert events(log) == ["step", "stop"]


def test_a_tile_whose_arrows_are_all_blocked_ends_the_move_without_a_choice() -> None:
    state = make_state({"E4": "N+E"}, {data.PUFFER: "E3"})
    after, _ = play(state, step("N"))
    assert after.phase != "follow"
    assert where(after, data.INDIGO) == "E4"


def test_a_tile_takes_effect_once_per_turn() -> None:
    state = make_state({"E4": "W", "D4": "E"})
    after, log = play(state, step("N"))
    assert where(after, data.INDIGO) == "E4"  # back on E4, already used: the move ends
    assert events(log) == ["step", "carried", "carried"]


def test_the_tile_left_by_the_first_step_has_not_been_used() -> None:
    state = make_state({"D4": "E", "C4": "E"}, {data.INDIGO: "D4"})
    after, _ = play(state, step("W"))
    assert where(after, data.INDIGO) == "E4"  # C4 carries him back to D4, whose arrow applies


def test_used_tiles_are_forgotten_at_the_next_turn() -> None:
    state = make_state({"E4": "W", "D4": "E"})
    after, _ = play(state, step("N"))
    assert after.used == ()


def test_a_character_with_every_step_blocked_stays_still() -> None:
    state = make_state(
        where={data.SCARLETT: "A1", data.ZEV: "A2", data.INDIGO: "B1", data.PUFFER: "D4"},
        current=data.PUFFER,
    )
    after, log = play(state, step("S"))
    stay = next(entry for entry in log if entry.data["event"] == "stay")
    assert stay.data["character"] == data.SCARLETT
    assert where(after, data.SCARLETT) == "A1"
    assert current_name(after) == data.ZEV


def test_a_character_may_use_its_ability_after_staying_still() -> None:
    state = make_state(
        {"C1": "N", "E2": "S"},
        {
            data.SCARLETT: "C1",
            data.ZEV: "E1",
            data.NAPOLEON: "E2",
            data.RAFFLES: "C5",
        },
        current=data.SCARLETT,
        fox_neutral=data.RAFFLES,
    )
    after, log = play(state, step("E"))
    assert "stay" in events(log)
    assert current_name(after) == data.ZEV and after.phase == "ability"
    assert legal(after) == [{"type": "reveal", "at": [1, 3]}, {"type": "skip"}]


def test_a_step_onto_a_tile_it_may_not_share_is_refused_with_a_reason() -> None:
    state = make_state(where={data.SCARLETT: "A2"}, current=data.SCARLETT)
    assert "E" not in step_directions(state)
    with pytest.raises(IllegalAction) as refused:
        play(state, step("E"))
    assert refused.value.code == ILLEGAL
    assert "row 2, column 2" in refused.value.message


def test_a_step_off_the_board_is_refused() -> None:
    state = make_state(current=data.SCARLETT)
    with pytest.raises(IllegalAction) as refused:
        play(state, step("N"))
    assert "board" in refused.value.message


def test_follow_with_an_arrow_the_tile_does_not_have_is_refused() -> None:
    choosing, _ = play(make_state({"E4": "N+W"}), step("N"))
    with pytest.raises(IllegalAction) as refused:
        play(choosing, follow("S"))
    assert refused.value.code == ILLEGAL and "south" in refused.value.message

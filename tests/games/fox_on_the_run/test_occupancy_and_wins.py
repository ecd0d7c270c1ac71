"""Who may share a tile, and both factions' wins by every route."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.games.fox_on_the_run import ENGINE, data
from app.games.protocol import ILLEGAL, IllegalAction

from .helpers import (
    cell,
    current_name,
    events,
    follow,
    legal,
    make_state,
    play,
    seat,
    step,
    step_directions,
    where,
)

FAR = {data.PUFFER: "A5", data.ZEV: "A5"}
"""Puffer and Zev out of the way, sharing the bottom-left corner."""


# --------------------------------------------------------------------------- Foxes


def test_indigo_accesses_scarlett_tile_to_win_for_the_foxes() -> None:
    state = make_state(where={**FAR, data.INDIGO: "B2", data.SCARLETT: "C3"})
    assert "SE" in step_directions(state)  # his diagonal step reaches her
    over, log = play(state, step("SE"))
    outcome = ENGINE.outcome(over)
    assert outcome is not None
    assert outcome.reason == "indigo_freed_scarlett"
    assert set(outcome.winners) == {seat(over, data.INDIGO), seat(over, data.SCARLETT)}
    assert outcome.scores[seat(over, data.ZEV)] == 0.0
    assert outcome.detail["winning_faction"] == "foxes"
    assert events(log)[-1] == "win"
    assert ENGINE.to_act(over) == ()


def test_an_arrow_can_carry_indigo_onto_scarlett_tile() -> None:
    state = make_state({"E4": "W"}, {**FAR, data.SCARLETT: "D4"})
    over, _ = play(state, step("N"))
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.reason == "indigo_freed_scarlett"


def test_indigo_may_not_enter_scarlett_tile_while_zev_is_next_to_it() -> None:
    state = make_state(
        where={data.PUFFER: "A5", data.ZEV: "D2", data.INDIGO: "B2", data.SCARLETT: "C3"}
    )
    assert "SE" not in step_directions(state)  # Zev on D2 is diagonally next to C3
    with pytest.raises(IllegalAction) as refused:
        play(state, step("SE"))
    assert refused.value.code == ILLEGAL and "Zev" in refused.value.message


def test_an_arrow_towards_scarlett_is_ignored_while_zev_guards_her() -> None:
    state = make_state({"E4": "W"}, {data.PUFFER: "A5", data.ZEV: "C5", data.SCARLETT: "D4"})
    after, _ = play(state, step("N"))
    assert ENGINE.outcome(after) is None
    assert where(after, data.INDIGO) == "E4"


def test_scarlett_may_not_access_indigo_tile() -> None:
    state = make_state(where={**FAR, data.SCARLETT: "C3", data.INDIGO: "C4"}, current=data.SCARLETT)
    assert "S" not in step_directions(state)


# --------------------------------------------------------------------------- Guardians


def test_zev_accesses_indigo_tile_to_win_for_the_guardians() -> None:
    state = make_state(where={data.ZEV: "C3", data.INDIGO: "C4"}, current=data.ZEV)
    over, _ = play(state, step("S"))
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.reason == "zev_caught_indigo"
    assert set(outcome.winners) == {seat(over, data.ZEV), seat(over, data.PUFFER)}


def test_an_arrow_can_carry_zev_onto_indigo_tile() -> None:
    state = make_state({"C3": "S"}, {data.ZEV: "B3", data.INDIGO: "C4"}, current=data.ZEV)
    over, _ = play(state, step("E"))
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.reason == "zev_caught_indigo"


def test_zev_catches_indigo_even_on_a_tile_indigo_shares_with_raffles() -> None:
    state = make_state(
        where={data.ZEV: "C3", data.INDIGO: "C4", data.RAFFLES: "C4"},
        current=data.ZEV,
        fox_neutral=data.RAFFLES,
    )
    over, _ = play(state, step("S"))
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.reason == "zev_caught_indigo"


def test_revealing_the_last_face_down_tile_by_moving_wins_for_the_guardians() -> None:
    state = make_state(where={data.INDIGO: "D4", data.PUFFER: "A5", data.ZEV: "A5"})
    last = cell("D5")[0] * 5 + cell("D5")[1]
    board = tuple(replace(t, face_up=index != last) for index, t in enumerate(state.board))
    state = replace(state, board=board)
    over, _ = play(state, step("S"))
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.reason == "all_tiles_revealed"
    assert set(outcome.winners) == {seat(over, data.ZEV), seat(over, data.PUFFER)}
    assert outcome.detail["revealed_tiles"] == 22


def test_puffer_may_not_access_indigo_tile() -> None:
    state = make_state(where={data.PUFFER: "C3", data.INDIGO: "C4"}, current=data.PUFFER)
    assert "S" not in step_directions(state)


# --------------------------------------------------------------------------- sharing


def test_puffer_accesses_zev_tile_and_zev_accesses_puffer_tile() -> None:
    puffer_turn = make_state(where={data.PUFFER: "C3", data.ZEV: "C4"}, current=data.PUFFER)
    assert "S" in step_directions(puffer_turn)
    zev_turn = make_state(where={data.PUFFER: "C4", data.ZEV: "C3"}, current=data.ZEV)
    after, _ = play(zev_turn, step("S"))
    assert where(after, data.ZEV) == where(after, data.PUFFER) == "C4"


def test_zev_and_puffer_start_on_the_same_tile() -> None:
    state = ENGINE.setup(4, {}, 5)
    assert where(state, data.ZEV) == where(state, data.PUFFER) == "B2"


def test_scarlett_cannot_access_puffer_tile() -> None:
    state = make_state(where={data.SCARLETT: "B1"}, current=data.SCARLETT)
    assert "S" not in step_directions(state)  # B2 holds Puffer (and Zev)


def test_nobody_else_may_share_a_tile() -> None:
    blocked_pairs = [
        (data.INDIGO, data.PUFFER),
        (data.INDIGO, data.ZEV),
        (data.PUFFER, data.SCARLETT),
        (data.ZEV, data.SCARLETT),
        (data.SCARLETT, data.ZEV),
    ]
    for mover, occupant in blocked_pairs:
        places = {data.INDIGO: "E5", data.SCARLETT: "A1", data.PUFFER: "A5", data.ZEV: "D1"}
        places |= {mover: "C3", occupant: "C4"}
        state = make_state(where=places, current=mover)
        assert "S" not in step_directions(state), (mover, occupant)


def test_raffles_is_small_everyone_but_napoleon_shares_his_tile() -> None:
    for mover in (data.INDIGO, data.SCARLETT, data.PUFFER, data.ZEV):
        places = {data.INDIGO: "E5", data.SCARLETT: "A1", data.PUFFER: "A5", data.ZEV: "D1"}
        places |= {mover: "C3", data.RAFFLES: "C4", data.NAPOLEON: "E3"}
        state = make_state(where=places, current=mover, fox_neutral=data.RAFFLES)
        assert "S" in step_directions(state), mover


def test_raffles_may_enter_any_tile_but_napoleon_s() -> None:
    places = {data.RAFFLES: "C3", data.SCARLETT: "C4", data.NAPOLEON: "B3", data.INDIGO: "D3"}
    state = make_state(where=places, current=data.RAFFLES, fox_neutral=data.RAFFLES)
    assert step_directions(state) == {"N", "E", "S"}  # not west onto Napoleon


def test_raffles_zev_and_puffer_can_all_occupy_the_same_tile() -> None:
    places = {data.RAFFLES: "B3", data.PUFFER: "B2", data.ZEV: "B2"}
    state = make_state(where=places, current=data.RAFFLES, fox_neutral=data.RAFFLES)
    after, _ = play(state, step("N"))
    assert where(after, data.RAFFLES) == where(after, data.ZEV) == where(after, data.PUFFER)


def test_a_shared_revealed_tile_still_carries_the_character_on() -> None:
    state = make_state({"C4": "S"}, {data.PUFFER: "C3", data.ZEV: "C4"}, current=data.PUFFER)
    after, log = play(state, step("S"))
    assert where(after, data.PUFFER) == "C5"
    assert events(log)[:2] == ["step", "carried"]


def test_a_win_ends_the_move_and_no_ability_follows() -> None:
    state = make_state(where={data.ZEV: "C3", data.INDIGO: "C4"}, current=data.ZEV)
    over, _ = play(state, step("S"))
    assert over.phase == "over"
    for viewer in range(over.players):
        assert ENGINE.legal_actions(over, viewer) == []
    with pytest.raises(IllegalAction):
        play(over, follow("N"))
    assert current_name(over) == data.ZEV
    assert legal(state)  # Zev had a real choice before

"""The optional abilities after moving: Puffer rotates, Scarlett swaps, Zev reveals,
Raffles switches; Indigo and Napoleon have none after their move."""

from __future__ import annotations

import pytest

from app.games.fox_on_the_run import ENGINE, data
from app.games.fox_on_the_run.state import State, tile_at
from app.games.protocol import ILLEGAL, IllegalAction

from .helpers import (
    arrows_on,
    at,
    cell,
    current_name,
    face_up,
    legal,
    make_state,
    play,
    step,
    where,
)

SKIP = {"type": "skip"}


def rotate(name: str, turns: int) -> dict[str, object]:
    return {"type": "rotate", "at": at(name), "turns": turns}


def swap(a: str, b: str) -> dict[str, object]:
    return {"type": "swap", "at": at(a), "with": at(b)}


# --------------------------------------------------------------------------- Puffer


def puffer_ready() -> State:
    """Puffer on C3 after moving: C2 revealed and empty, D3 revealed but Scarlett is on it,
    D2 revealed but Indigo is on it, C4 face down, B2 the (empty) start tile."""
    return make_state(
        {"C3": "S", "C2": "N", "D3": "N+E", "D2": "E+W"},
        {data.PUFFER: "C3", data.ZEV: "A5", data.SCARLETT: "D3", data.INDIGO: "D2"},
        current=data.PUFFER,
        phase="ability",
    )


def test_puffer_may_rotate_only_an_adjacent_revealed_empty_directional_tile() -> None:
    state = puffer_ready()
    assert legal(state) == [rotate("C2", 1), rotate("C2", 2), rotate("C2", 3), SKIP]


@pytest.mark.parametrize(("turns", "arrows"), [(1, ("E",)), (2, ("S",)), (3, ("W",))])
def test_puffer_rotates_by_90_degrees_either_way_or_180(turns: int, arrows: tuple[str]) -> None:
    after, log = play(puffer_ready(), rotate("C2", turns))
    assert arrows_on(after, "C2") == arrows
    assert log[0].data == {"event": "rotate", "at": [1, 2], "turns": turns}
    assert current_name(after) == data.SCARLETT


def test_a_rotated_double_tile_turns_both_arrows() -> None:
    state = make_state(
        {"C2": "N+E"}, {data.PUFFER: "C3", data.ZEV: "A5"}, current=data.PUFFER, phase="ability"
    )
    after, _ = play(state, rotate("C2", 1))
    assert arrows_on(after, "C2") == ("E", "S")


def test_rotating_an_occupied_tile_is_refused() -> None:
    with pytest.raises(IllegalAction) as refused:
        play(puffer_ready(), rotate("D3", 1))
    assert refused.value.code == ILLEGAL and "Puffer" in refused.value.message


def test_puffer_without_a_tile_to_rotate_ends_the_turn_at_once() -> None:
    state = make_state(where={data.PUFFER: "C3", data.ZEV: "A5"}, current=data.PUFFER)
    after, _ = play(state, step("S"))  # every tile around C4 is face down
    assert current_name(after) == data.SCARLETT and after.phase == "step"


# --------------------------------------------------------------------------- Scarlett


def scarlett_ready() -> State:
    return make_state(
        {"C2": "N", "D4": "E+S", "C3": "W"},
        {data.SCARLETT: "C3", data.PUFFER: "A5", data.ZEV: "D2"},
        current=data.SCARLETT,
        phase="ability",
    )


def test_scarlett_may_swap_two_adjacent_revealed_empty_tiles_start_tiles_included() -> None:
    # B2 (the Guardians' empty start tile), C2 and D4 are revealed and empty; D2 holds Zev.
    assert legal(scarlett_ready()) == [
        swap("B2", "C2"),
        swap("B2", "D4"),
        swap("C2", "D4"),
        SKIP,
    ]


def test_swapped_tiles_keep_their_rotation() -> None:
    state = scarlett_ready()
    d4 = tile_at(state, cell("D4"))
    after, _ = play(state, swap("C2", "D4"))
    assert tile_at(after, cell("C2")) == d4
    assert arrows_on(after, "C2") == ("E", "S") and arrows_on(after, "D4") == ("N",)
    assert where(after, data.SCARLETT) == "C3"


def test_scarlett_can_move_a_start_tile() -> None:
    after, _ = play(scarlett_ready(), swap("B2", "D4"))
    assert tile_at(after, cell("D4")).id == "start-guardians"
    assert arrows_on(after, "B2") == ("E", "S")


def test_a_swap_must_name_its_tiles_in_reading_order() -> None:
    with pytest.raises(IllegalAction) as refused:
        play(scarlett_ready(), swap("D4", "C2"))
    assert "reading order" in refused.value.message


def test_scarlett_may_not_swap_a_face_down_or_occupied_tile() -> None:
    for other in ("B3", "D2"):
        with pytest.raises(IllegalAction):
            play(scarlett_ready(), swap("C2", other))


# --------------------------------------------------------------------------- Zev


def zev_ready() -> State:
    return make_state(
        {"C3": "N", "C2": "E", "B4": "?N+E"},
        {data.ZEV: "C3", data.PUFFER: "A5"},
        current=data.ZEV,
        phase="ability",
    )


def test_zev_may_reveal_any_adjacent_face_down_tile() -> None:
    reveals = [a["at"] for a in legal(zev_ready()) if a["type"] == "reveal"]
    assert sorted(reveals) == sorted(
        at(name) for name in ("D2", "D3", "D4", "C4", "B4", "B3")
    )  # C2 is already face up, B2 is a start tile


def test_zev_reveal_shows_the_tile_to_everyone_as_it_lies() -> None:
    after, log = play(zev_ready(), {"type": "reveal", "at": at("B4")})
    assert face_up(after, "B4") and arrows_on(after, "B4") == ("N", "E")
    assert log[0].audience is None and log[0].data["arrows"] == ["N", "E"]
    assert current_name(after) == data.INDIGO


def test_zev_may_not_reveal_a_tile_that_is_not_adjacent() -> None:
    with pytest.raises(IllegalAction) as refused:
        play(zev_ready(), {"type": "reveal", "at": at("E5")})
    assert "next to him" in refused.value.message


def test_zev_revealing_the_last_tile_wins_for_the_guardians() -> None:
    from dataclasses import replace

    state = zev_ready()
    last = cell("B4")
    board = tuple(
        replace(tile, face_up=divmod(index, 5) != last) for index, tile in enumerate(state.board)
    )
    over, _ = play(replace(state, board=board), {"type": "reveal", "at": at("B4")})
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.reason == "all_tiles_revealed"


def test_skipping_the_ability_passes_the_turn() -> None:
    after, log = play(zev_ready(), SKIP)
    assert log[0].data["event"] == "skip" and current_name(after) == data.INDIGO


def test_only_the_owner_may_use_an_ability() -> None:
    with pytest.raises(IllegalAction) as refused:
        play(zev_ready(), rotate("C2", 1))
    assert "Only Puffer" in refused.value.message


# --------------------------------------------------------------------------- Raffles


def raffles_ready(own: str = "N") -> State:
    return make_state(
        {"C3": own, "D3": "E", "C2": "S"},
        {data.RAFFLES: "C3", data.ZEV: "C3", data.PUFFER: "C2", data.NAPOLEON: "A5"},
        current=data.RAFFLES,
        fox_neutral=data.RAFFLES,
        phase="ability",
    )


def test_raffles_may_switch_his_tile_with_an_adjacent_revealed_empty_tile() -> None:
    # B2 is an empty start tile; D3 is revealed and empty; C2 holds Puffer; the rest face down.
    assert legal(raffles_ready()) == [
        {"type": "switch", "with": at("B2")},
        {"type": "switch", "with": at("D3")},
        SKIP,
    ]


def test_raffles_never_changes_position_when_switching() -> None:
    state = raffles_ready()
    own = tile_at(state, cell("C3"))
    after, _ = play(state, {"type": "switch", "with": at("D3")})
    assert where(after, data.RAFFLES) == "C3" and where(after, data.ZEV) == "C3"
    assert tile_at(after, cell("D3")) == own
    assert arrows_on(after, "C3") == ("E",)


def test_raffles_on_a_face_down_tile_cannot_switch() -> None:
    assert legal(raffles_ready(own="?")) == [SKIP]


# --------------------------------------------------------------------------- no ability


def test_indigo_has_no_ability_after_moving() -> None:
    state = make_state({"D4": "N"}, {data.PUFFER: "A5", data.ZEV: "A5"})
    after, _ = play(state, step("W"))
    assert current_name(after) == data.PUFFER


def test_zev_may_reveal_the_face_down_tile_a_neutral_still_stands_on() -> None:
    state = make_state(
        {"D2": "N"},
        {data.ZEV: "D2", data.PUFFER: "A5", data.NAPOLEON: "A4"},
        current=data.ZEV,
        fox_neutral=data.RAFFLES,
        phase="ability",
    )
    assert where(state, data.RAFFLES) == "E1" and not face_up(state, "E1")
    after, _ = play(state, {"type": "reveal", "at": at("E1")})
    assert face_up(after, "E1") and where(after, data.RAFFLES) == "E1"


def test_raffles_may_switch_with_a_start_tile_which_then_lies_under_him() -> None:
    after, _ = play(raffles_ready(), {"type": "switch", "with": at("B2")})
    assert tile_at(after, cell("C3")).id == "start-guardians"
    assert arrows_on(after, "B2") == ("N",)

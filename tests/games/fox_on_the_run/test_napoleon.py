"""Napoleon, the Giant: he ends his move on occupied tiles and pushes everyone there away."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.fox_on_the_run import ENGINE, data
from app.games.fox_on_the_run.state import State
from app.games.protocol import ILLEGAL, IllegalAction

from .helpers import (
    at,
    current_name,
    events,
    face_up,
    legal,
    make_state,
    play,
    step,
    step_directions,
    where,
)

GUARDIAN_NAPOLEON = data.RAFFLES  # with Raffles on the Foxes' side, Napoleon is a Guardian


def push(name: str) -> dict[str, object]:
    return {"type": "push", "to": at(name)}


def napoleon(tiles: dict[str, str], places: dict[str, str], **kwargs: Any) -> State:
    base = {data.RAFFLES: "A4", data.PUFFER: "A5", data.ZEV: "A5"}
    return make_state(
        tiles, {**base, **places}, current=data.NAPOLEON, fox_neutral=GUARDIAN_NAPOLEON, **kwargs
    )


def test_napoleon_ends_on_an_occupied_tile_and_pushes_orthogonally_onto_revealed_tiles() -> None:
    state = napoleon(
        {"C3": "S", "C2": "N", "D3": "E", "D2": "E"},
        {data.NAPOLEON: "C4", data.SCARLETT: "C3"},
    )
    pushing, log = play(state, step("N"))
    assert where(pushing, data.NAPOLEON) == "C3"  # C3's arrow south is ignored
    assert pushing.phase == "push" and events(log)[-1] == "push_start"
    # C2 and D3 are revealed; D2 is diagonal; B3 is face down; C4 is where he came from.
    assert legal(pushing) == [push("C2"), push("D3")]
    after, _ = play(pushing, push("D3"))
    assert where(after, data.SCARLETT) == "D3"
    assert current_name(after) == data.SCARLETT  # Napoleon's turn ends with the push


def test_indigo_may_be_pushed_diagonally() -> None:
    state = napoleon({"C3": "S", "D2": "E", "B4": "W"}, {data.NAPOLEON: "C4", data.INDIGO: "C3"})
    pushing, _ = play(state, step("N"))
    assert legal(pushing) == [push("D2"), push("B4"), push("B2")]  # B2: the empty start tile


def test_a_character_cannot_be_pushed_onto_a_tile_it_could_not_access() -> None:
    state = napoleon(
        {"C3": "S", "C2": "N", "D3": "E"},
        {data.NAPOLEON: "C4", data.SCARLETT: "C3", data.PUFFER: "C2", data.ZEV: "C2"},
    )
    pushing, _ = play(state, step("N"))
    assert legal(pushing) == [push("D3")]
    with pytest.raises(IllegalAction) as refused:
        play(pushing, push("C2"))
    assert refused.value.code == ILLEGAL and "Scarlett" in refused.value.message


def test_napoleon_may_not_enter_a_tile_whose_characters_cannot_all_be_pushed() -> None:
    state = napoleon({"C3": "S"}, {data.NAPOLEON: "C4", data.SCARLETT: "C3"})
    assert "N" not in step_directions(state)  # every tile around C3 is face down
    with pytest.raises(IllegalAction) as refused:
        play(state, step("N"))
    assert "push" in refused.value.message


def test_napoleon_pushes_several_characters_one_by_one_in_turn_order() -> None:
    state = napoleon(
        {"C3": "S", "C2": "N", "D3": "E"},
        {data.NAPOLEON: "C4", data.PUFFER: "C3", data.ZEV: "C3"},
    )
    pushing, _ = play(state, step("N"))
    assert pushing.to_push == (data.PUFFER, data.ZEV)
    assert ENGINE.view(pushing, pushing.characters[pushing.current].seat)["prompt"].startswith(
        "Push Puffer"
    )
    middle, _ = play(pushing, push("C2"))
    assert middle.phase == "push" and middle.to_push == (data.ZEV,)
    assert legal(middle) == [push("C2"), push("D3")]  # Zev may join Puffer
    after, _ = play(middle, push("C2"))
    assert where(after, data.ZEV) == where(after, data.PUFFER) == "C2"


def test_pushing_zev_onto_indigo_wins_for_the_guardians() -> None:
    state = napoleon(
        {"C3": "S", "D3": "E"},
        {data.NAPOLEON: "C4", data.ZEV: "C3", data.PUFFER: "A5", data.INDIGO: "D3"},
    )
    pushing, _ = play(state, step("N"))
    over, _ = play(pushing, push("D3"))
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.reason == "zev_caught_indigo"
    assert data.NAPOLEON in outcome.detail["factions"]["guardians"]["characters"]


def test_pushing_indigo_onto_scarlett_wins_for_the_foxes_unless_zev_is_next_to_her() -> None:
    places = {data.NAPOLEON: "C4", data.INDIGO: "C3", data.SCARLETT: "D2"}
    state = napoleon({"C3": "S", "D2": "E"}, places)
    pushing, _ = play(state, step("N"))
    over, _ = play(pushing, push("D2"))
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.reason == "indigo_freed_scarlett"
    guarded = napoleon({"C3": "S", "D2": "E"}, {**places, data.ZEV: "E1", data.PUFFER: "B2"})
    assert "N" not in step_directions(guarded)  # Indigo could be pushed nowhere else


def test_napoleon_cannot_push_scarlett_onto_indigo() -> None:
    state = napoleon(
        {"C3": "S", "D3": "E"}, {data.NAPOLEON: "C4", data.SCARLETT: "C3", data.INDIGO: "D3"}
    )
    assert "N" not in step_directions(state)


def test_napoleon_entering_a_face_down_occupied_tile_reveals_it_then_pushes() -> None:
    state = napoleon({"D1": "N"}, {data.NAPOLEON: "D1", data.RAFFLES: "E1"})
    pushing, log = play(state, step("E"))
    assert face_up(pushing, "E1") and "reveal" in events(log)
    assert legal(pushing) == [push("D1")]


def test_an_arrow_can_carry_napoleon_onto_an_occupied_tile_where_he_stops_and_pushes() -> None:
    state = napoleon(
        {"C4": "N", "C3": "N", "C2": "N", "D3": "E"},
        {data.NAPOLEON: "D4", data.SCARLETT: "C3"},
    )
    pushing, _ = play(state, step("W"))
    assert where(pushing, data.NAPOLEON) == "C3" and pushing.phase == "push"


def test_napoleon_does_not_share_raffles_tile_he_pushes_him() -> None:
    state = napoleon({"C3": "S", "D3": "E"}, {data.NAPOLEON: "C4", data.RAFFLES: "C3"})
    pushing, _ = play(state, step("N"))
    assert pushing.to_push == (data.RAFFLES,)


def test_pushed_characters_ignore_the_arrows_where_they_land() -> None:
    state = napoleon({"C3": "S", "D3": "E"}, {data.NAPOLEON: "C4", data.SCARLETT: "C3"})
    after, _ = play(*_pushing_then(state, "D3"))
    assert where(after, data.SCARLETT) == "D3"  # D3's east arrow does not carry her on


def _pushing_then(state: State, target: str) -> tuple[State, dict[str, object]]:
    pushing, _ = play(state, step("N"))
    return pushing, push(target)

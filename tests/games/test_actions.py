"""The one action-shape checker: what makes an action malformed, with the stable code."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.actions import Field, Shapes, check_shape
from app.games.protocol import MALFORMED, IllegalAction

SHAPES: Shapes = {
    "play": {
        "card": Field(str, "There is no such card.", ("bells-1", "keys-2")),
        "direction": Field(
            str, "A direction is north or south.", ("north", "south"), required=False
        ),
    },
    "choose": {"seat": Field(int, "The seat is 0 or 1.", (0, 1))},
    "at": {"cell": Field(list, "A cell is [row, col].", valid=lambda cell: len(cell) == 2)},
    "pass": {},
}


def _refusal(action: Any) -> str:
    with pytest.raises(IllegalAction) as refused:
        check_shape(action, SHAPES)
    assert refused.value.code == MALFORMED
    return refused.value.message


def test_well_formed_actions_come_back_as_plain_dicts() -> None:
    assert check_shape({"type": "play", "card": "bells-1"}, SHAPES) == {
        "type": "play",
        "card": "bells-1",
    }
    assert check_shape({"type": "play", "card": "keys-2", "direction": "south"}, SHAPES)
    assert check_shape({"type": "at", "cell": [1, 2]}, SHAPES) == {"type": "at", "cell": [1, 2]}
    assert check_shape({"type": "pass"}, SHAPES) == {"type": "pass"}


@pytest.mark.parametrize("action", [None, [], "play", 3])
def test_an_action_is_a_json_object(action: Any) -> None:
    assert "JSON object" in _refusal(action)


@pytest.mark.parametrize("action", [{}, {"type": "fly"}, {"type": 1}])
def test_an_unknown_type_lists_the_known_ones(action: Any) -> None:
    assert "play, choose, at, pass" in _refusal(action)


@pytest.mark.parametrize(
    "action",
    [{"type": "play"}, {"type": "pass", "card": "bells-1"}, {"type": "choose", "seat": 0, "x": 1}],
)
def test_a_missing_or_extra_field_names_the_fields(action: Any) -> None:
    assert f"A {action['type']} action takes" in _refusal(action)


def test_a_wrong_value_gets_the_fields_own_sentence() -> None:
    assert _refusal({"type": "play", "card": "moons-9"}) == "There is no such card."
    assert _refusal({"type": "play", "card": "bells-1", "direction": "up"}).startswith("A dir")
    assert _refusal({"type": "at", "cell": [1]}) == "A cell is [row, col]."


def test_a_bool_is_not_a_seat_number() -> None:
    assert _refusal({"type": "choose", "seat": True}) == "The seat is 0 or 1."
    assert _refusal({"type": "choose", "seat": 1.0}) == "The seat is 0 or 1."

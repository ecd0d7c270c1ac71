"""The actions of Fox on the Run as TypedDicts: what `rules.SHAPES` accepts, one class per
action type, published in the OpenAPI document (app/catalogue/action_schema.py).

A tile is `[row, column]`, each from 0 to 4. "with" is a Python keyword, so the two actions
that name it are declared in the functional form. The conformance check (tests/api_contract)
asserts that every legal action validates against these.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

Direction = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


class StepAction(TypedDict):
    """The first step of the mover's turn."""

    type: Literal["step"]
    direction: Direction


class FollowAction(TypedDict):
    """Follow one of the arrows of the tile the mover stands on."""

    type: Literal["follow"]
    direction: Direction


class PushAction(TypedDict):
    """Push the characters in the mover's way to this tile."""

    type: Literal["push"]
    to: list[int]


class RotateAction(TypedDict):
    """Puffer: turn a tile 1 (clockwise), 2 (half) or 3 (anticlockwise) quarters."""

    type: Literal["rotate"]
    at: list[int]
    turns: Literal[1, 2, 3]


SwapAction = TypedDict("SwapAction", {"type": Literal["swap"], "at": list[int], "with": list[int]})
"""Scarlett: two tiles trade places."""


class RevealAction(TypedDict):
    """Zev: turn a face-down tile face up."""

    type: Literal["reveal"]
    at: list[int]


SwitchAction = TypedDict("SwitchAction", {"type": Literal["switch"], "with": list[int]})
"""Raffles: his own tile and this one trade places."""


class SkipAction(TypedDict):
    """End the turn without using the ability."""

    type: Literal["skip"]


ACTIONS: tuple[type, ...] = (
    StepAction,
    FollowAction,
    PushAction,
    RotateAction,
    SwapAction,
    RevealAction,
    SwitchAction,
    SkipAction,
)
"""Every action type, in the order SHAPES lists them."""

"""The actions of Fox on the Tree as TypedDicts: what `rules_actions.SHAPES` accepts, one class
per action type, published in the OpenAPI document (app/catalogue/action_schema.py).

A tile is a number from 0 (the Farm) to 9 (the Lair). The conformance check (tests/api_contract)
asserts that every legal action validates against these.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

Animal = Literal["cow", "pig", "chicken", "sheep", "wolf", "fox", "bear", "lynx"]


class PlayBananaAction(TypedDict):
    """Start of turn: a Banana Peel on an empty Path tile."""

    type: Literal["play_banana"]
    tile: int


class PlaySwampAction(TypedDict):
    """Start of turn: a Swamp on a Path tile without a token."""

    type: Literal["play_swamp"]
    tile: int


class PlayEscapeAction(TypedDict):
    """Start of turn: send an animal on a Path tile home."""

    type: Literal["play_escape"]
    animal: Animal


class RescueAction(TypedDict):
    """Remove a Swamp token from a tile with an animal on it."""

    type: Literal["rescue"]
    tile: int


class MoveAction(TypedDict):
    """Move an animal; `to` is where the move ends, before Banana Peels."""

    type: Literal["move"]
    animal: Animal
    to: int


class PassAction(TypedDict):
    """Only when neither a rescue nor a move is possible."""

    type: Literal["pass"]


class SaveAction(TypedDict):
    """Escape reaction: send the animal about to be eliminated home."""

    type: Literal["save"]
    animal: Animal


class DeclineAction(TypedDict):
    """Escape reaction: let the animal be eliminated."""

    type: Literal["decline"]
    animal: Animal


ACTIONS: tuple[type, ...] = (
    PlayBananaAction,
    PlaySwampAction,
    PlayEscapeAction,
    RescueAction,
    MoveAction,
    PassAction,
    SaveAction,
    DeclineAction,
)
"""Every action type, in the order SHAPES lists them."""

"""The actions of Oh, Fox! as TypedDicts: what `rules.SHAPES` accepts, one class per action
type, published in the OpenAPI document (app/catalogue/action_schema.py).

A space is a board space id such as "r1c2". The conformance check (tests/api_contract) asserts
that every legal action validates against these.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

Animal = Literal[
    "badger", "fox", "owl", "viper", "hedgehog", "rabbit", "rat", "sparrow", "squirrel", "toad"
]


class PlayAction(TypedDict):
    """This turn's secret choice; every card but the stop card takes a direction."""

    type: Literal["play"]
    card: Literal["single", "double", "stop", "move_stop", "trigger"]
    direction: NotRequired[Literal["north", "east", "south", "west"]]


class MarkAction(TypedDict):
    """The predator's private memory aid: a note on a board space for a seat."""

    type: Literal["mark"]
    seat: int
    space: str


class UnmarkAction(TypedDict):
    """Take the predator's note for a seat off the board."""

    type: Literal["unmark"]
    seat: int


class GuessAction(TypedDict):
    """After turn 8: which animal a seat is, one guess per other seat in order."""

    type: Literal["guess"]
    seat: int
    animal: Animal


ACTIONS: tuple[type, ...] = (PlayAction, MarkAction, UnmarkAction, GuessAction)
"""Every action type, in the order SHAPES lists them."""

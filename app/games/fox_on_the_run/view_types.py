"""The shape of a Fox on the Run view: what `view.view` builds (its view_schema).

TypedDicts from typing_extensions, as docs/adding-a-game.md explains.
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict


class CellView(TypedDict):
    """One cell of the grid. A face-down tile shows only its back: no tile id, no arrows."""

    at: list[int]
    name: str
    face_up: bool
    start: bool
    characters: list[str]
    tile: NotRequired[str]
    arrows: NotRequired[list[str]]
    turns: NotRequired[int]
    used_this_turn: NotRequired[bool]


class CharacterView(TypedDict):
    name: str
    label: str
    faction: str
    seat: int
    at: list[int]
    ability: str


class FactionView(TypedDict):
    characters: list[str]
    seats: list[int]
    goal: str


class ArrowChoice(TypedDict):
    direction: str
    to: list[int] | None
    stops: bool


class CurrentTurn(TypedDict):
    character: str
    seat: int
    path: list[list[int]]
    arrows: NotRequired[list[ArrowChoice]]
    to_push: NotRequired[list[str]]


class HiddenArrows(TypedDict):
    arrows: list[str]
    count: int


class YouView(TypedDict):
    seat: int
    characters: list[str]
    faction: str | None


class RunView(TypedDict):
    phase: str
    turn: int
    grid: list[list[CellView]]
    characters: list[CharacterView]
    turn_order: list[str]
    factions: dict[str, FactionView]
    current: CurrentTurn | None
    hidden_tiles: int
    hidden_arrows: list[HiddenArrows]
    you: YouView | None
    winner: str | None
    reason: str | None
    prompt: str

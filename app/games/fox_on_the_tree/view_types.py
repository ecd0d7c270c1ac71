"""The shape of a Fox on the Tree view: what `view.view` builds (its view_schema).

TypedDicts from typing_extensions, as docs/adding-a-game.md explains.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

Fate = str
"""How an animal left the board in a phase: "eliminated" or "arrived"."""


class TeamCourse(TypedDict):
    start: int
    final: int
    direction: int


class TileView(TypedDict):
    index: int
    name: str
    kind: Literal["farm", "path", "lair"]
    token: str | None
    animals: list[str]


class AnimalView(TypedDict):
    animal: str
    name: str
    team: str
    status: str
    """"on_board" this phase, or its fate."""
    tile: int | None
    stuck: bool
    points: list[int | None]
    fates: list[Fate | None]


class TrackSlot(TypedDict):
    number: int
    animal: str | None
    fate: Fate | None


class SeatView(TypedDict):
    seat: int
    tokens: list[str]
    tokens_left: int


class EscapeQuestion(TypedDict):
    animal: str
    tile: int
    asking: int
    then: list[int]


# "from" is a Python keyword, so a moved animal starts from the functional TypedDict syntax.
_MovedFrom = TypedDict("_MovedFrom", {"from": int})


class MovedView(_MovedFrom):
    animal: str


class LastMoveView(TypedDict):
    """What the last turn changed on the path: the animals it moved that still stand on it,
    each with the tile it came from, and the tile of a token it laid (null: none)."""

    seat: int
    moved: list[MovedView]
    laid: int | None


class CardView(TypedDict):
    id: str
    farm: str
    predator: str
    disliked: str


class TreeView(TypedDict):
    game: Literal["fox-on-the-tree"]
    viewer: int | None
    players: int
    phase: int
    stage: str
    turn: int
    active: int
    to_act: list[int]
    teams: dict[str, TeamCourse]
    tiles: list[TileView]
    animals: list[AnimalView]
    track: list[list[TrackSlot]]
    seats: list[SeatView]
    cards_undealt: int
    escape_question: EscapeQuestion | None
    last_move: LastMoveView | None
    your_card: CardView | None
    your_points: int | None
    cards: list[CardView] | None
    scores: list[int] | None
    winners: list[int] | None
    prompt: str

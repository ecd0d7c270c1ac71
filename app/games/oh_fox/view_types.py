"""The shape of an Oh, Fox! view: what `view.view` builds (its view_schema).

TypedDicts from typing_extensions, as docs/adding-a-game.md explains.
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict


class SpaceView(TypedDict):
    id: str
    row: int
    col: int
    food: str
    home: str | None
    healing: bool
    tunnel: str | None


class BoardView(TypedDict):
    rows: int
    cols: int
    wraps: bool
    spaces: list[SpaceView]


class AnimalCard(TypedDict):
    animal: str
    kind: str
    """"predator" or "prey"."""
    diet: str | None
    ability: str


class ObjectiveView(TypedDict):
    id: str
    name: str
    text: str


class RowCard(TypedDict):
    turn: int
    card: str
    direction: str | None


class SeatView(TypedDict):
    seat: int
    colour: str
    home: str
    row: list[RowCard]
    hand: dict[str, int]
    """Cards left in hand by type (public: every hand starts the same, rows are public)."""
    cards_left: int
    chosen: bool
    first_trigger_turn: int | None
    role: str | None
    animal: str | None


class Choice(TypedDict):
    card: str
    direction: str | None


class YouView(TypedDict):
    seat: int
    colour: str
    animal: str
    identity_card: str
    role: str
    diet: str | None
    ability: str
    hand: list[str]
    choice: Choice | None
    track: list[str]


class GuessView(TypedDict):
    seat: int
    animal: str


class MarkView(TypedDict):
    seat: int
    space: str | None


# "from" is a Python keyword, so these two start from the functional TypedDict syntax.
_MoveFrom = TypedDict("_MoveFrom", {"from": str})
_AttackFrom = TypedDict("_AttackFrom", {"from": str})


class MoveView(_MoveFrom):
    seat: int
    to: str
    mode: str


class AttackView(_AttackFrom):
    predator: int
    prey: int
    to: str
    halfway: bool


class ReckoningStep(TypedDict):
    moves: list[MoveView]
    attacks: list[AttackView]


class EatView(TypedDict):
    seat: int
    space: str
    food: str


class TurnRecordView(TypedDict):
    turn: int
    steps: list[ReckoningStep]
    eats: list[EatView]
    heals: list[int]
    immune: list[int]
    ends: list[str]


class SeatScoreView(TypedDict):
    seat: int
    animal: str
    role: str
    food: int
    full_hunger: int
    home: int
    guessed_all: int
    attacks: int
    dominance: int
    objectives: list[str]
    hearts: int
    attacked: int
    healed: int
    broken_hearts: int
    total: int
    first_trigger_turn: int


class Ending(TypedDict):
    """Everything hidden, revealed once the match is over."""

    reckoning: list[TurnRecordView]
    scores: list[SeatScoreView]
    winners: list[int]
    reason: str | None


class OhFoxView(TypedDict):
    phase: str
    turn: int
    turns: int
    turns_played: int
    prompt: str
    to_act: list[int]
    board: BoardView
    animals: list[AnimalCard]
    objectives: list[ObjectiveView]
    masked_predator: bool
    predator_seat: int | None
    seats: list[SeatView]
    guesses: list[GuessView]
    you: YouView | None
    marks: list[MarkView] | None
    reckoning: NotRequired[list[TurnRecordView]]
    scores: NotRequired[list[SeatScoreView]]
    winners: NotRequired[list[int]]
    reason: NotRequired[str | None]

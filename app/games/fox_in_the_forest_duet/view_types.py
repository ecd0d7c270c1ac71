"""The shape of a Fox in the Forest Duet view: what `view.view` builds (its view_schema).

TypedDicts from typing_extensions, as docs/adding-a-game.md explains.
"""

from __future__ import annotations

from typing import Any, Literal

from typing_extensions import TypedDict


class CardView(TypedDict):
    id: str
    suit: str
    rank: int
    paws: int
    name: str
    ability: str | None
    ability_text: str | None


class PlayView(TypedDict):
    seat: int
    card: CardView


# "from" is a Python keyword, so the last trick starts from the functional TypedDict syntax.
_TrickFrom = TypedDict("_TrickFrom", {"from": int})


class LastTrick(_TrickFrom):
    plays: list[PlayView]
    winner: int
    paws: int
    toward: int
    to: int
    reset: bool
    gem: bool


class PathSpace(TypedDict):
    space: int
    gems: int
    plus: bool
    covered: bool
    centre: bool


class Progress(TypedDict):
    level: int
    side: str
    round: int
    rounds: int
    trick: int
    tricks_per_round: int
    dealer: int
    leader: int
    tricks_won: list[int]


class BoardPart(TypedDict):
    path: list[PathSpace]
    tracker: int
    end_spaces: list[int]
    forest_tokens_left: int
    forest_tokens_at_end: list[int]
    gems_on_board: int
    gems_collected: int
    gem_supply: int


class CardsPart(TypedDict):
    hand: list[CardView]
    hand_counts: list[int]
    known_in_hands: list[list[CardView]]
    known_in_either_hand: list[CardView]
    voids: list[list[str]]
    decree: CardView
    trump: str
    trump_name: str
    draw_pile_count: int
    current_trick: list[PlayView]
    lead_suit: str | None
    must_follow: str | None
    last_trick: LastTrick | None


class ChooseExchanger(TypedDict):
    """A #3 was played: its player chooses who may exchange the decree card."""

    kind: Literal["3"]
    by: int
    candidates: list[int]


class ExchangeDecree(TypedDict):
    kind: Literal["3"]
    exchanger: int


class PassCards(TypedDict):
    """Two #7s: both pick a card to pass at the same time."""

    kind: Literal["7"]
    picked: list[bool]
    my_pick: CardView | None


class PawChoice(TypedDict):
    use: str
    paws: int


class CountPaws(TypedDict):
    kind: Literal["5"]
    choices: list[PawChoice]


class ChooseDirection(TypedDict):
    kind: Literal["1"]
    paws: int | None


class PlaceForestToken(TypedDict):
    kind: Literal["forest_token"]
    ends: list[int]


Decision = (
    ChooseExchanger | ExchangeDecree | PassCards | CountPaws | ChooseDirection | PlaceForestToken
)


class Reveal(TypedDict):
    hands: list[list[CardView]]
    draw_pile: list[CardView]


class Ending(TypedDict, total=False):
    """Present once the match is over: everything hidden, and the team's score table."""

    reveal: Reveal
    outcome: dict[str, Any] | None


class DuetView(Progress, BoardPart, CardsPart, Ending):
    game: str
    viewer: int | None
    phase: str
    to_act: list[int]
    prompt: str
    free_chat: bool
    reactions: list[str]
    house_rules: list[str]
    decision: Decision | None

"""The shape of a Fox in the Forest view: what `view.view` builds (its view_schema).

TypedDicts from typing_extensions, as docs/adding-a-game.md explains.
"""

from __future__ import annotations

from typing_extensions import TypedDict


class CardView(TypedDict):
    id: str
    suit: str | None
    rank: int | None
    ability: str | None
    special: bool
    name: str


class FaceView(TypedDict):
    """How a card in the trick counts (the Mirror and the Crown change it)."""

    suit: str | None
    rank: int | None
    ability: str | None


class PlayView(TypedDict):
    seat: int
    card: CardView
    crowned: bool
    counts_as: FaceView


class CurrentTrick(TypedDict):
    leader: int
    lead: PlayView | None
    follow: PlayView | None
    cards: list[str]


class TrickPlay(TypedDict):
    seat: int
    card: CardView
    crowned: bool


class TrickView(TypedDict):
    leader: int
    winner: int
    plays: list[TrickPlay]
    decree: CardView


class RoundRecordView(TypedDict):
    round: int
    dealer: int
    tricks: list[int]
    trick_points: list[int]
    gained: list[int]


class OptionsView(TypedDict):
    target_score: int
    special_cards: int
    poison: bool
    goals: bool
    open_tricks: bool


class KnownInDeck(TypedDict):
    position: int
    from_bottom: int
    card: CardView


class KnownCards(TypedDict):
    """Hidden cards whose place this viewer knows (the card it put under the deck, say)."""

    deck: list[KnownInDeck]
    hands: list[list[CardView]]


class DecisionView(TypedDict):
    kind: str
    shown: list[CardView]
    named_suit: str | None


class GoalView(TypedDict):
    id: str
    text: str
    points: int
    ongoing: bool


class GoalClaim(TypedDict):
    goal: GoalView
    seat: int
    points: int


class GoalsView(TypedDict):
    house_goals: bool
    open: list[GoalView]
    claims: list[GoalClaim]
    claimable: list[str]
    deck_count: int
    discard: list[str]


class FinalView(TypedDict):
    """Once the match is over, everything that was hidden."""

    winners: list[int]
    reason: str
    hands: list[list[CardView]]
    deck: list[CardView]
    specials_in_match: list[str]
    specials_left_out: list[str]


class SeatPart(TypedDict, total=False):
    """Only for a seat (a spectator holds no hand)."""

    hand: list[CardView]
    playable: list[str]


class ModulePart(TypedDict, total=False):
    goals: GoalsView
    """Only with the house goals."""
    final: FinalView
    """Only once the match is over."""


class ForestView(SeatPart, ModulePart):
    phase: str
    you: int | None
    to_act: list[int]
    round: int
    dealer: int
    leader: int
    trick_number: int
    scores: list[int]
    round_points: list[int]
    target_score: int
    tricks_won: list[int]
    hand_counts: list[int]
    deck_count: int
    decree: CardView | None
    trump: str | None
    trick: CurrentTrick
    last_trick: TrickView | None
    history: list[RoundRecordView]
    options: OptionsView
    house_rules: list[str]
    prompt: str
    known: KnownCards
    decision: DecisionView | None

"""The actions of Fox in the Forest as TypedDicts: what `rules.SHAPES` accepts, one class per
action type, published in the OpenAPI document (app/catalogue/action_schema.py).

A card is a card id ("bells-7", "witch"); the conformance check (tests/api_contract) asserts
that every legal action validates against these and that they name the same fields as SHAPES.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

Suit = Literal["bells", "keys", "moons"]


class PlayAction(TypedDict):
    type: Literal["play"]
    card: str


class PlayCrownedAction(TypedDict):
    """Play a card with the Crown added to it."""

    type: Literal["play_crowned"]
    card: str


class ExchangeAction(TypedDict):
    """The Fox: exchange a card from hand with the decree card."""

    type: Literal["exchange"]
    card: str


class KeepDecreeAction(TypedDict):
    type: Literal["keep_decree"]


class DiscardAction(TypedDict):
    """Put a card from hand under the deck (after a draw, or with the Potion)."""

    type: Literal["discard"]
    card: str


class TakeAction(TypedDict):
    """The Fairy: take one of the cards it showed."""

    type: Literal["take"]
    card: str


class TakeNothingAction(TypedDict):
    type: Literal["take_nothing"]


class GiveAction(TypedDict):
    """The Fairy: give a card back."""

    type: Literal["give"]
    card: str


class NameSuitAction(TypedDict):
    """The Hammer: name the suit."""

    type: Literal["name_suit"]
    suit: Suit


class DigAction(TypedDict):
    """The Shovel: take a random card of your last won trick; the Shovel goes there."""

    type: Literal["dig"]


class KeepShovelAction(TypedDict):
    type: Literal["keep_shovel"]


class NextRoundAction(TypedDict):
    type: Literal["next_round"]


class ClaimAction(TypedDict):
    """Claim a goal of the round (the goals variant)."""

    type: Literal["claim"]
    goal: str


ACTIONS: tuple[type, ...] = (
    PlayAction,
    PlayCrownedAction,
    ExchangeAction,
    KeepDecreeAction,
    DiscardAction,
    TakeAction,
    TakeNothingAction,
    GiveAction,
    NameSuitAction,
    DigAction,
    KeepShovelAction,
    NextRoundAction,
    ClaimAction,
)
"""Every action type, in the order SHAPES lists them."""

"""The actions of The Fox in the Forest Duet as TypedDicts: what `rules.SHAPES` accepts, one
class per action type, published in the OpenAPI document (app/catalogue/action_schema.py).

A card is a card id; seats and the two ends of the path are 0 or 1. The conformance check
(tests/api_contract) asserts that every legal action validates against these.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

Side = Literal[0, 1]


class PlayAction(TypedDict):
    type: Literal["play"]
    card: str


class ChooseExchangerAction(TypedDict):
    """Choose who may exchange the decree card."""

    type: Literal["choose_exchanger"]
    seat: Side


class ExchangeDecreeAction(TypedDict):
    type: Literal["exchange_decree"]
    card: str


class KeepDecreeAction(TypedDict):
    type: Literal["keep_decree"]


class PassCardAction(TypedDict):
    """Pick a card to pass to your partner."""

    type: Literal["pass_card"]
    card: str


class CountPawsAction(TypedDict):
    """Choose which paw prints count."""

    type: Literal["count_paws"]
    use: Literal["both", "lead", "follow", "neither"]


class ChooseDirectionAction(TypedDict):
    """Choose the way the tracker moves: toward end 0 or end 1 of the path."""

    type: Literal["choose_direction"]
    toward: Side


class PlaceForestTokenAction(TypedDict):
    """Place a forest token at end 0 or end 1 of the path."""

    type: Literal["place_forest_token"]
    end: Side


class NextRoundAction(TypedDict):
    type: Literal["next_round"]


ACTIONS: tuple[type, ...] = (
    PlayAction,
    ChooseExchangerAction,
    ExchangeDecreeAction,
    KeepDecreeAction,
    PassCardAction,
    CountPawsAction,
    ChooseDirectionAction,
    PlaceForestTokenAction,
    NextRoundAction,
)
"""Every action type, in the order SHAPES lists them."""

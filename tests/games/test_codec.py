"""The one state codec: exact round trips, the stored JSON shape, and old states that still load."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field

import pytest

from app.games.codec import custom, json_array, state_codec, stored_as


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@json_array
@dataclass(frozen=True, slots=True)
class Card:
    suit: str
    rank: int | None


@dataclass(frozen=True, slots=True)
class Trick:
    winner: int
    cards: tuple[Card, ...]


def _space_json(spaces: tuple[tuple[int, int], ...]) -> list[str]:
    return [f"r{row}c{col}" for row, col in spaces]


def _space_from(data: list[str]) -> tuple[tuple[int, int], ...]:
    return tuple((int(text[1]), int(text[3])) for text in data)


@dataclass(frozen=True)
class Sample:
    seed: int
    colour: Colour
    hands: tuple[tuple[str, ...], ...]
    pair: tuple[int, str]
    picks: tuple[str | None, str | None]
    last: Trick | None
    tricks: tuple[Trick, ...]
    marks: tuple[tuple[int, int], ...] = field(metadata=custom(_space_json, _space_from))
    added_later: tuple[int, int] = (0, 0)
    flag: bool = False


SAMPLE = Sample(
    seed=12,
    colour=Colour.BLUE,
    hands=(("a", "b"), ()),
    pair=(3, "x"),
    picks=(None, "b"),
    last=Trick(1, (Card("bells", 7), Card("crown", None))),
    tricks=(Trick(0, ()),),
    marks=((1, 2),),
    added_later=(4, 5),
    flag=True,
)


def test_a_state_round_trips_through_json_exactly() -> None:
    codec = state_codec(Sample)
    assert codec.decode(json.loads(json.dumps(codec.encode(SAMPLE)))) == SAMPLE


def test_the_stored_shape_is_plain_json_in_field_order() -> None:
    assert state_codec(Sample).encode(SAMPLE) == {
        "seed": 12,
        "colour": "blue",
        "hands": [["a", "b"], []],
        "pair": [3, "x"],
        "picks": [None, "b"],
        "last": {"winner": 1, "cards": [["bells", 7], ["crown", None]]},
        "tricks": [{"winner": 0, "cards": []}],
        "marks": ["r1c2"],
        "added_later": [4, 5],
        "flag": True,
    }
    assert list(state_codec(Sample).encode(SAMPLE)) == [
        "seed", "colour", "hands", "pair", "picks", "last", "tricks", "marks", "added_later", "flag"
    ]  # fmt: skip


def test_decoding_gives_tuples_and_members_not_lists_and_strings() -> None:
    decoded = state_codec(Sample).decode(json.loads(json.dumps(state_codec(Sample).encode(SAMPLE))))
    assert isinstance(decoded.hands, tuple) and isinstance(decoded.hands[0], tuple)
    assert decoded.colour is Colour.BLUE
    assert decoded.last is not None and isinstance(decoded.last.cards[0], Card)


def test_a_state_saved_before_a_field_with_a_default_existed_still_loads() -> None:
    old = state_codec(Sample).encode(SAMPLE)
    del old["added_later"], old["flag"]
    decoded = state_codec(Sample).decode(old)
    assert decoded.added_later == (0, 0) and decoded.flag is False


def test_a_missing_field_without_a_default_is_an_error() -> None:
    broken = state_codec(Sample).encode(SAMPLE)
    del broken["seed"]
    with pytest.raises(KeyError):
        state_codec(Sample).decode(broken)


def test_shapes_the_codec_cannot_store_exactly_are_refused_when_it_is_built() -> None:
    @dataclass(frozen=True)
    class WithSet:
        cards: frozenset[str]

    @dataclass(frozen=True)
    class WithUnion:
        value: int | str

    for cls in (WithSet, WithUnion):
        with pytest.raises(TypeError):
            state_codec(cls)


@dataclass(frozen=True, slots=True)
class Renamed:
    phase: str = field(metadata=stored_as("stage"))
    half: int = field(default=1, metadata=stored_as("phase"))


def test_a_renamed_field_keeps_its_stored_key_both_ways() -> None:
    codec = state_codec(Renamed)
    assert codec.encode(Renamed("turn", 2)) == {"stage": "turn", "phase": 2}
    assert codec.decode({"stage": "over", "phase": 1}) == Renamed("over", 1)
    assert codec.decode({"stage": "over"}) == Renamed("over", 1)  # its default, under its key

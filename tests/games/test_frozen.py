"""`evolve` makes exactly the copy `dataclasses.replace` makes, whatever the class; encoders
walk `field_names`."""

from __future__ import annotations

import dataclasses
import functools

import pytest

from app.games.frozen import evolve, field_names


@dataclasses.dataclass(frozen=True)
class Plain:
    name: str
    cards: tuple[str, ...] = ()
    score: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class Slotted:
    name: str
    score: int = 0


@dataclasses.dataclass(frozen=True)
class Checked:
    score: int

    def __post_init__(self) -> None:
        if self.score < 0:
            raise ValueError("negative score")


@dataclasses.dataclass(frozen=True)
class Cached:
    cards: tuple[str, ...]

    @functools.cached_property
    def count(self) -> int:
        return len(self.cards)


def test_a_copy_has_the_changes_and_leaves_the_original_alone() -> None:
    original = Plain("fox", ("bells-1",), 3)
    copy = evolve(original, score=5)
    assert copy == dataclasses.replace(original, score=5) == Plain("fox", ("bells-1",), 5)
    assert original == Plain("fox", ("bells-1",), 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.score = 1  # type: ignore[misc]


def test_a_copy_is_equal_and_hashes_like_a_freshly_built_instance() -> None:
    copy = evolve(Plain("fox"), cards=("keys-3",))
    assert hash(copy) == hash(Plain("fox", ("keys-3",)))
    assert {copy: 1}[Plain("fox", ("keys-3",))] == 1


def test_an_unknown_field_is_refused_as_replace_refuses_it() -> None:
    with pytest.raises(TypeError, match="no field colour"):
        evolve(Plain("fox"), colour="red")
    with pytest.raises(TypeError):
        evolve(Slotted("fox"), colour="red")


def test_slotted_classes_are_copied_too() -> None:
    assert evolve(Slotted("fox"), score=2) == Slotted("fox", 2)


def test_post_init_still_checks_the_copy() -> None:
    with pytest.raises(ValueError, match="negative"):
        evolve(Checked(1), score=-1)


def test_cached_values_are_not_carried_into_a_changed_copy() -> None:
    original = Cached(("a", "b"))
    assert original.count == 2
    assert evolve(original, cards=("a",)).count == 1


def test_field_names_follow_the_declaration_and_other_classes_have_none() -> None:
    assert field_names(Plain) == ("name", "cards", "score")
    assert field_names(Slotted) == ("name", "score")
    assert field_names(str) == ()

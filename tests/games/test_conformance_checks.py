"""The conformance checks themselves can fail: an engine that leaks, or whose view tells two
face-down choices apart, is caught (the fast paths of the checks must not hide a failure)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games import REGISTRY
from tests.games import conformance as c

REAL = REGISTRY["fox-in-the-forest"]


class Leaky:
    """The real engine, but every view also carries one secret: the other hand's first card."""

    def __getattr__(self, name: str) -> Any:
        return getattr(REAL, name)

    def view(self, state: Any, viewer: int | None) -> dict[str, Any]:
        secrets = [s.value for s in REAL.secrets(state) if viewer not in s.known_to]
        return {**REAL.view(state, viewer), "peek": secrets[:1]}


class Telling:
    """The real engine, but every view prints the whole state, face-down choices too."""

    def __getattr__(self, name: str) -> Any:
        return getattr(REAL, name)

    def view(self, state: Any, viewer: int | None) -> dict[str, Any]:
        return {**REAL.view(state, viewer), "everything": repr(REAL.encode(state))}


def _playout() -> c.Playout:
    return c.random_playout(REAL, 2, {}, 11)


def test_a_secret_in_a_view_is_caught() -> None:
    playout = _playout()
    with pytest.raises(AssertionError, match="reached viewer"):
        c.check_no_leak(Leaky(), playout.initial, (), 2, playout.seed, random.Random(1))


def test_a_view_that_tells_choices_apart_is_caught() -> None:
    """The Woodcutter's face-down discard: any two discards read the same to the opponent, but
    this view tells them apart (it prints the whole state)."""
    caught = []
    for state in _playout().states:
        try:
            c.check_indistinguishable_choices(Telling(), state, 2)
        except AssertionError as failure:
            caught.append(str(failure))
    assert caught and all("read the same" in failure for failure in caught)

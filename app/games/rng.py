"""Seeded chance for engines.

Every draw is built on `random.Random.random()`, whose Mersenne Twister output for an integer
seed is stable across Python versions and processes; we avoid `shuffle`/`choice`/`randrange`,
whose algorithms CPython has changed before. Engines keep the match seed in their state and
derive a generator per event, e.g. `generator(state.seed, "deal", round_no)`, so replaying the
same actions redraws the same cards without storing generator internals.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_BITS = 63


def new_seed() -> int:
    """A fresh match seed from the operating system's entropy."""
    return secrets.randbits(SEED_BITS)


def derive_seed(seed: int, *labels: str | int) -> int:
    """A seed for one named event, independent of every other event's."""
    text = ":".join([str(seed), *(str(label) for label in labels)])
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def generator(seed: int, *labels: str | int) -> random.Random:
    return random.Random(derive_seed(seed, *labels))


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    return min(int(rng.random() * n), n - 1)


def pick(rng: random.Random, items: Sequence[T]) -> T:
    return items[below(rng, len(items))]


def shuffled(rng: random.Random, items: Sequence[T]) -> tuple[T, ...]:
    """A new tuple with the items in random order (Fisher-Yates)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = below(rng, i + 1)
        result[i], result[j] = result[j], result[i]
    return tuple(result)


def sample(rng: random.Random, items: Sequence[T], k: int) -> tuple[T, ...]:
    """k distinct items in random order."""
    return shuffled(rng, items)[:k]

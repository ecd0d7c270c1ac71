"""Lobby options (none) and the first state: one secret card each, tokens, animals home."""

from __future__ import annotations

from collections.abc import Mapping

from app.games import options as option_tools
from app.games.fox_on_the_tree.data import (
    ACTION_TOKENS,
    ANIMALS,
    CARDS,
    TILE_COUNT,
    TRACK_SIZE,
    course,
)
from app.games.fox_on_the_tree.state import TURN, State
from app.games.protocol import JSON, OptionSpec
from app.games.rng import below, generator, sample

OPTIONS: tuple[OptionSpec, ...] = ()


def check_options(options: Mapping[str, JSON], players: int) -> dict[str, JSON]:
    return option_tools.normalize(OPTIONS, options)


def setup(players: int, options: Mapping[str, JSON], seed: int) -> State:
    """Deal one secret card each, three tokens each, animals home, a random first player.

    The rulebook's "last alone in a dark forest" has no online meaning: chance decides.
    """
    cards = sample(generator(seed, "deal"), sorted(CARDS), players)
    return State(
        players=players,
        seed=seed,
        cards=cards,
        half=1,
        positions=tuple(course(1, animal).start for animal in ANIMALS),
        tile_tokens=("",) * TILE_COUNT,
        held=(ACTION_TOKENS,) * players,
        track=(("",) * TRACK_SIZE,) * 2,
        losses=(0, 0),
        active=below(generator(seed, "first-player"), players),
        phase=TURN,
    )

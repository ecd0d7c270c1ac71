"""How each game's results count: a rating per player, or a team record per level.

A cooperative game (its engine says so) has no opponent to be ranked against: the table wins
or loses together. Such games keep, for each pair of players, the wins and losses at each
level (the engine's `level_option`). Every other game is rated.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games import get_engine


def is_cooperative(game: str) -> bool:
    engine = get_engine(game)
    return engine is not None and engine.cooperative


def level_of(game: str, options: Mapping[str, Any]) -> int:
    engine = get_engine(game)
    key = engine.level_option if engine is not None else None
    return int(options.get(key, 1)) if key is not None else 1

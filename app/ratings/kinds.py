"""How each game's results count: a rating per player, or a team record per level.

A cooperative game has no opponent to be ranked against: the table wins or loses together.
Such games keep, for each pair of players, the wins and losses at each level (the option
named here). Every other game is rated.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# Game id -> the lobby option that names the level a team record is kept for.
COOPERATIVE: dict[str, str] = {"fox-in-the-forest-duet": "level"}


def is_cooperative(game: str) -> bool:
    return game in COOPERATIVE


def level_of(game: str, options: Mapping[str, Any]) -> int:
    return int(options.get(COOPERATIVE[game], 1))

"""The bot that takes an absent player's seat: one who left, resigned or let the timer run out."""

from __future__ import annotations

from app.games import STRATEGIES


def stand_in_strategy(game: str) -> str:
    """The game's sensible bot if it has one, else `random` (every game has that one)."""
    return "standard" if "standard" in STRATEGIES.get(game, {}) else "random"

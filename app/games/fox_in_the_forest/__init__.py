"""The Fox in the Forest (Deluxe): a two-player trick-taking game with odd-rank abilities.

The package exposes `ENGINE`, which follows the contract in app/games/protocol.py.
"""

from __future__ import annotations

from app.games.fox_in_the_forest.engine import ENGINE

__all__ = ["ENGINE"]

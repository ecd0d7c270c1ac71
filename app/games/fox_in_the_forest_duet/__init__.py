"""The Fox in the Forest Duet: a cooperative trick-taking game for two (see docs/games)."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet.engine import ENGINE

__all__ = ["ENGINE"]

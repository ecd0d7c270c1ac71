"""The Fox in the Forest Duet: a cooperative trick-taking game for two (see app/rules)."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet.engine import ENGINE

__all__ = ["ENGINE"]

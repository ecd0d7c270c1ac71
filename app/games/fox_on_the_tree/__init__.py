"""Fox on the Tree (2-5 players): hidden loyalties, two phases and the Escape reaction."""

from __future__ import annotations

from app.games.fox_on_the_tree.engine import ENGINE

__all__ = ["ENGINE"]

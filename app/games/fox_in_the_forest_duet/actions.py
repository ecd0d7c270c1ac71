"""Old import path, kept while the bot modules import it (remove at the merge)."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet.rules import apply, legal_actions

__all__ = ["apply", "legal_actions"]

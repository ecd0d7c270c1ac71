"""Old import path, kept while the bot modules import it (remove at the merge)."""

from __future__ import annotations

from app.games.fox_in_the_forest.rules_flow import match_winners, tricks_won

__all__ = ["match_winners", "tricks_won"]

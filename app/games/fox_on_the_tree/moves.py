"""Old import path, kept while the bot modules import it (remove at the merge)."""

from __future__ import annotations

from app.games.fox_on_the_tree.rules_moves import conflict_loser, destinations, slide

__all__ = ["conflict_loser", "destinations", "slide"]

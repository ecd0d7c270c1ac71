"""Old import path, kept while the bot modules import it (remove at the merge)."""

from __future__ import annotations

from app.games.fox_in_the_forest.rules_trick import play_face, trick_winner

__all__ = ["play_face", "trick_winner"]

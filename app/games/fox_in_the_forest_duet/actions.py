"""Old import path of `rules` (legal actions and apply), kept while the bot modules import it."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet.rules import apply, legal_actions

__all__ = ["apply", "legal_actions"]

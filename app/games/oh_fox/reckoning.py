"""Old import path, kept while the bot modules import it (remove at the merge)."""

from __future__ import annotations

from app.games.oh_fox.scoring_reckoning import track, unit_steps

__all__ = ["track", "unit_steps"]

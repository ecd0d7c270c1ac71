"""Old import path, kept while the bot modules import it (remove at the merge)."""

from __future__ import annotations

from app.games.oh_fox.data_board import ALL_SPACES, Space, food_at, parse_space

__all__ = ["ALL_SPACES", "Space", "food_at", "parse_space"]

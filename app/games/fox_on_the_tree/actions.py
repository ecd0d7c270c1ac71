"""Old import path, kept while the bot modules import it (remove at the merge)."""

from __future__ import annotations

from app.games.fox_on_the_tree.rules_actions import (
    PLAY_BANANA,
    PLAY_ESCAPE,
    PLAY_SWAMP,
    SAVE,
    parse,
)

__all__ = ["PLAY_BANANA", "PLAY_ESCAPE", "PLAY_SWAMP", "SAVE", "parse"]

"""Old import path, kept while the bot modules import it (remove at the merge)."""

from __future__ import annotations

from app.games.fox_in_the_forest.data_cards import (
    Face,
    describe,
    face,
    printed_suit,
    suit_cards,
    trump_suit,
)

__all__ = ["Face", "describe", "face", "printed_suit", "suit_cards", "trump_suit"]

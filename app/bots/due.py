"""The "a bot is to act" marker that the move pipeline stores with every match it saves."""

from __future__ import annotations

from app.matches.loaded import LoadedMatch


def bot_due(loaded: LoadedMatch) -> bool:
    """Whether a bot must act next. Saved as `matches.bot_due`, it lets a recovery pass find
    the bot turns a crashed process dropped with one indexed query."""
    return bool(loaded.bots_to_act())

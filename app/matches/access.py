"""Who may look at a match: its players by seat, anyone as a spectator, except at a private
table, which only its players and admins may watch. Shared by the match and chat routes and
the match WebSocket, so every way in refuses strangers the same way."""

from __future__ import annotations

from app.accounts.service import Identity
from app.core.errors import ApiError
from app.matches.loaded import LoadedMatch


def viewer_seat(loaded: LoadedMatch, player: Identity | None) -> int | None:
    """The caller's seat, or None for a spectator; strangers may not watch private tables."""
    seat = loaded.seat_of(player.id) if player is not None else None
    if seat is None and loaded.private and not (player is not None and player.is_admin):
        raise ApiError("auth/forbidden", "This match is at a private table.")
    return seat

"""Open tables nobody touches close by themselves, and nobody sits at too many at once.

Closing is lazy: an open table with no change for FOXDEN_LOBBY_IDLE_HOURS reads as closed in
lists, counts and the table itself, and is stored as closed when someone next tries to change
it. No sweep runs on a timer: the only clock read is the one a request makes.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, and_, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.config import Settings
from app.core.errors import ApiError
from app.core.statuses import LobbyStatus
from app.lobby.models import Lobby, LobbySeat


def idle_cutoff(settings: Settings, now: datetime) -> datetime:
    """Open tables last changed before this moment count as closed (`now`: the app's clock)."""
    return now - timedelta(hours=settings.lobby_idle_hours)


def is_idle(lobby: Lobby, cutoff: datetime) -> bool:
    return lobby.status == LobbyStatus.OPEN and lobby.updated_at < cutoff


def status_of(lobby: Lobby, cutoff: datetime) -> str:
    return LobbyStatus.CLOSED if is_idle(lobby, cutoff) else lobby.status


def has_status(status: str, cutoff: datetime) -> ColumnElement[bool]:
    """The SQL twin of `status_of(lobby) == status`."""
    if status == LobbyStatus.OPEN:
        return and_(Lobby.status == LobbyStatus.OPEN, Lobby.updated_at >= cutoff)
    if status == LobbyStatus.CLOSED:
        return or_(
            Lobby.status == LobbyStatus.CLOSED,
            and_(Lobby.status == LobbyStatus.OPEN, Lobby.updated_at < cutoff),
        )
    return Lobby.status == status


async def open_tables_of(session: AsyncSession, player_id: str, cutoff: datetime) -> int:
    seated = exists().where(LobbySeat.lobby_id == Lobby.id, LobbySeat.player_id == player_id)
    query = (
        select(func.count())
        .select_from(Lobby)
        .where(has_status(LobbyStatus.OPEN, cutoff), or_(Lobby.host_id == player_id, seated))
    )
    return int(await session.scalar(query) or 0)


async def check_room(
    session: AsyncSession, player_id: str, settings: Settings, now: datetime
) -> None:
    """Refuse a player a new seat once they host or sit at the most open tables allowed."""
    count = await open_tables_of(session, player_id, idle_cutoff(settings, now))
    if count >= settings.max_open_lobbies:
        raise ApiError(
            "lobby/too_many",
            f"You are at {count} open tables already: leave one before you open or join another.",
        )

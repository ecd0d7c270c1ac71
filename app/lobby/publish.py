"""A table as one viewer sees it, and telling every watcher that it changed.

Shared by the lobby routes, the admin's and the lobby WebSocket, so every path that changes a
table commits, marks the activity and pushes it the same way.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.bot_accounts import names_and_bots
from app.accounts.service import Identity
from app.core.db import utcnow
from app.lobby import activity, service
from app.lobby.context import LobbyContext
from app.lobby.models import Lobby
from app.lobby.schemas import LobbyPublic
from app.realtime.messages import LobbyChanged, lobby_topic


async def lobby_public(
    session: AsyncSession,
    lobby: Lobby,
    viewer: Identity | None,
    cutoff: datetime | None = None,
) -> LobbyPublic:
    """The table for `viewer`; with `cutoff`, an open table idle since before it reads closed."""
    ids = {s.player_id for s in lobby.seats if s.player_id}
    status = activity.status_of(lobby, cutoff) if cutoff is not None else None
    names, bots = await names_and_bots(session, ids)
    return service.public(lobby, names, viewer, status, bots)


async def commit_and_push(
    context: LobbyContext, session: AsyncSession, lobby: Lobby, viewer: Identity | None
) -> LobbyPublic:
    lobby.updated_at = utcnow()  # every change counts as activity: the table stays open
    await session.commit()
    await context.broker.publish(lobby_topic(lobby.id), LobbyChanged().encode())
    return await lobby_public(session, lobby, viewer)

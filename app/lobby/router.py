"""/api/v1/lobbies: tables before play."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from fastapi import APIRouter, Query
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity, names_of
from app.context import AppContext
from app.deps import ContextDep, CurrentPlayer, OptionalPlayer, SessionDep
from app.errors import responses
from app.lobby import service
from app.lobby.models import Lobby
from app.lobby.schemas import (
    BotRequest,
    JoinRequest,
    LobbyCreate,
    LobbyPatch,
    LobbyPublic,
    ReadyRequest,
    StartResponse,
)
from app.matches.create import create_match
from app.matches.store import load_match

router = APIRouter(prefix="/api/v1/lobbies", tags=["lobbies"])
AUTH = ("auth/missing", "auth/invalid", "rate/limited", "request/malformed")
FOUND = (*AUTH, "lobby/not_found")


async def lobby_public(session: AsyncSession, lobby: Lobby, viewer: Identity | None) -> LobbyPublic:
    ids = {s.player_id for s in lobby.seats if s.player_id}
    return service.public(lobby, await names_of(session, ids), viewer)


async def commit_and_push(
    context: AppContext, session: AsyncSession, lobby: Lobby, viewer: Identity | None
) -> LobbyPublic:
    await session.commit()
    await context.broker.publish("lobby:" + lobby.id, "changed")
    return await lobby_public(session, lobby, viewer)


@router.post(
    "", status_code=201, response_model=LobbyPublic, responses=responses(*AUTH, "lobby/bad_options")
)
async def create(
    body: LobbyCreate, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> LobbyPublic:
    lobby = await service.create_lobby(
        session, player, body.game, body.seats, body.options, body.private, body.turn_seconds
    )
    return await commit_and_push(context, session, lobby, player)


@router.get("", response_model=list[LobbyPublic], responses=responses(*AUTH))
async def list_lobbies(
    session: SessionDep,
    player: OptionalPlayer,
    game: str | None = None,
    status: str = Query("open", pattern="^(open|started|closed)$"),
) -> list[LobbyPublic]:
    query = select(Lobby).where(Lobby.private.is_(False), Lobby.status == status)
    if game:
        query = query.where(Lobby.game == game)
    lobbies = (await session.scalars(query.order_by(Lobby.created_at.desc()).limit(200))).all()
    return [await lobby_public(session, lobby, player) for lobby in lobbies]


@router.get("/{lobby_id}", response_model=LobbyPublic, responses=responses(*FOUND))
async def get(lobby_id: str, session: SessionDep, player: OptionalPlayer) -> LobbyPublic:
    return await lobby_public(session, await service.get_lobby(session, lobby_id), player)


async def _change(
    lobby_id: str,
    player: Identity,
    session: AsyncSession,
    context: AppContext,
    change: Callable[[Lobby], None],
    host_only: bool = False,
) -> LobbyPublic:
    async with _locked(context, session, lobby_id):
        lobby = await service.get_lobby(session, lobby_id, for_update=not context.db.sqlite)
        if host_only:
            service.require_host(lobby, player)
        change(lobby)
        return await commit_and_push(context, session, lobby, player)


@asynccontextmanager
async def _locked(context: AppContext, session: AsyncSession, lobby_id: str) -> AsyncIterator[None]:
    """One change of a lobby at a time in this process (Postgres also locks the row).

    The rollback ends any read transaction the request already began (authentication), so the
    lobby is read after the lock is held and a concurrent join is never overwritten.
    """
    async with context.locks.hold("lobby:" + lobby_id):
        await session.rollback()
        yield


@router.post(
    "/{lobby_id}/join",
    response_model=LobbyPublic,
    responses=responses(*FOUND, "auth/forbidden", "lobby/full", "lobby/closed"),
)
async def join(
    lobby_id: str,
    body: JoinRequest,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
) -> LobbyPublic:
    return await _change(
        lobby_id,
        player,
        session,
        context,
        lambda lobby: service.join(lobby, player, body.seat, body.invite_code),
    )


@router.post(
    "/{lobby_id}/leave", response_model=LobbyPublic, responses=responses(*FOUND, "lobby/closed")
)
async def leave(
    lobby_id: str, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> LobbyPublic:
    return await _change(
        lobby_id, player, session, context, lambda lobby: service.leave(lobby, player)
    )


@router.post(
    "/{lobby_id}/ready",
    response_model=LobbyPublic,
    responses=responses(*FOUND, "auth/forbidden", "lobby/closed"),
)
async def ready(
    lobby_id: str,
    body: ReadyRequest,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
) -> LobbyPublic:
    return await _change(
        lobby_id,
        player,
        session,
        context,
        lambda lobby: service.set_ready(lobby, player, body.ready),
    )


@router.patch(
    "/{lobby_id}",
    response_model=LobbyPublic,
    responses=responses(*FOUND, "lobby/not_host", "lobby/bad_options", "lobby/closed"),
)
async def patch(
    lobby_id: str,
    body: LobbyPatch,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
) -> LobbyPublic:
    return await _change(
        lobby_id,
        player,
        session,
        context,
        lambda lobby: service.patch(
            lobby, body.options, body.seats, body.private, body.turn_seconds
        ),
        host_only=True,
    )


@router.put(
    "/{lobby_id}/seats/{seat}",
    response_model=LobbyPublic,
    responses=responses(
        *FOUND, "lobby/not_host", "lobby/bad_options", "lobby/full", "lobby/closed"
    ),
)
async def put_bot(
    lobby_id: str,
    seat: int,
    body: BotRequest,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
) -> LobbyPublic:
    return await _change(
        lobby_id,
        player,
        session,
        context,
        lambda lobby: service.put_bot(lobby, seat, body.bot),
        host_only=True,
    )


@router.delete(
    "/{lobby_id}/seats/{seat}",
    response_model=LobbyPublic,
    responses=responses(*FOUND, "lobby/not_host", "lobby/bad_options", "lobby/closed"),
)
async def empty_seat(
    lobby_id: str, seat: int, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> LobbyPublic:
    return await _change(
        lobby_id,
        player,
        session,
        context,
        lambda lobby: service.empty_seat(lobby, seat),
        host_only=True,
    )


@router.post(
    "/{lobby_id}/start",
    response_model=StartResponse,
    responses=responses(*FOUND, "lobby/not_host", "lobby/not_ready", "lobby/closed"),
)
async def start(
    lobby_id: str, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> StartResponse:
    async with _locked(context, session, lobby_id):
        lobby = await service.get_lobby(session, lobby_id, for_update=not context.db.sqlite)
        service.require_host(lobby, player)
        service.check_startable(lobby)
        ids = {s.player_id for s in lobby.seats if s.player_id}
        names = await names_of(session, ids)
        match = await create_match(session, lobby, names, context.clock.now())
        lobby.status, lobby.match_id = "started", match.id
        await session.commit()
    await context.broker.publish("lobby:" + lobby.id, "changed")
    context.events.committed(await load_match(context, session, match.id))
    return StartResponse(match_id=match.id)

"""/api/v1/lobbies: tables before play."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity, names_of
from app.context import AppContext
from app.core.errors import responses
from app.core.inputs import GameFilter, LobbyId
from app.core.statuses import LobbyStatus
from app.lobby import activity, pages, rated_pool, service
from app.lobby.create import create_match
from app.lobby.models import Lobby
from app.lobby.pages import CURSOR_MAX, PAGE_DEFAULT, PAGE_MAX
from app.lobby.publish import commit_and_push, lobby_public
from app.lobby.schemas import (
    BotRequest,
    FillRequest,
    JoinRequest,
    LobbyCreate,
    LobbyPage,
    LobbyPatch,
    LobbyPublic,
    ReadyRequest,
    StartPublic,
)
from app.matches.commits import Change, Commit
from app.matches.store import load_match
from app.realtime.messages import LobbyChanged, lobby_topic
from app.web.deps import ContextDep, CurrentPlayer, OptionalPlayer, SessionDep

router = APIRouter(prefix="/api/v1/lobbies", tags=["lobbies"])
SeatNumber = Annotated[int, Path(ge=0, description="A seat of this table, from 0")]
AUTH = ("auth/missing", "auth/invalid", "rate/limited", "request/malformed")
FOUND = (*AUTH, "lobby/not_found")


@router.post(
    "",
    status_code=201,
    response_model=LobbyPublic,
    responses=responses(*AUTH, "lobby/bad_options", "lobby/too_many", "lobby/clock_conflict"),
    operation_id="createLobby",
)
async def create(
    body: LobbyCreate, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> LobbyPublic:
    await activity.check_room(session, player.id, context.settings, context.clock.now())
    lobby = await service.create_lobby(
        session,
        player,
        body.game,
        body.seats,
        body.options,
        body.private,
        body.turn_seconds,
        body.rated,
        body.slow_clock,
    )
    return await commit_and_push(context, session, lobby, player)


StatusFilter = Annotated[str, Query(pattern=f"^({'|'.join(LobbyStatus)})$")]
PageLimit = Annotated[
    int,
    Query(
        ge=1,
        le=PAGE_MAX,
        description=f"Tables per page: {PAGE_DEFAULT} by default, at most {PAGE_MAX}",
    ),
]
Cursor = Annotated[
    str | None,
    Query(
        max_length=CURSOR_MAX,
        pattern="^[A-Za-z0-9_-]*$",
        description="The `next` cursor of the previous page (opaque); none: the first page",
    ),
]


@router.get(
    "", response_model=list[LobbyPublic], responses=responses(*AUTH), operation_id="listLobbies"
)
async def list_lobbies(
    request: Request,
    response: Response,
    session: SessionDep,
    context: ContextDep,
    player: OptionalPlayer,
    game: GameFilter = None,
    status: StatusFilter = LobbyStatus.OPEN,
    limit: PageLimit = PAGE_DEFAULT,
    cursor: Cursor = None,
) -> list[LobbyPublic]:
    """Public tables, newest first. A list, as before pages existed: the next page's address
    is in the `Link: <...>; rel="next"` header (none on the last page)."""
    page = await _page(request, response, session, context, player, game, status, limit, cursor)
    return page.lobbies


@router.get(
    "/page", response_model=LobbyPage, responses=responses(*AUTH), operation_id="pageLobbies"
)
async def page_lobbies(
    request: Request,
    response: Response,
    session: SessionDep,
    context: ContextDep,
    player: OptionalPlayer,
    game: GameFilter = None,
    status: StatusFilter = LobbyStatus.OPEN,
    limit: PageLimit = PAGE_DEFAULT,
    cursor: Cursor = None,
) -> LobbyPage:
    """The same pages as `GET /api/v1/lobbies`, with the `next` cursor in the body too."""
    return await _page(request, response, session, context, player, game, status, limit, cursor)


async def _page(
    request: Request,
    response: Response,
    session: AsyncSession,
    context: AppContext,
    player: Identity | None,
    game: str | None,
    status: str,
    limit: int,
    cursor: str | None,
) -> LobbyPage:
    cutoff = activity.idle_cutoff(context.settings, context.clock.now())
    query = select(Lobby).where(Lobby.private.is_(False), activity.has_status(status, cutoff))
    if game:
        query = query.where(Lobby.game == game)
    rows = list((await session.scalars(pages.newest_first(query, cursor, limit))).all())
    lobbies, after = pages.split_page(rows, limit)
    if after:
        params: dict[str, str | int | None] = {"game": game, "status": status, "limit": limit}
        response.headers["Link"] = pages.next_link(request.url.path, params, after)
    public = [await lobby_public(session, lobby, player, cutoff) for lobby in lobbies]
    return LobbyPage(lobbies=public, next=after)


@router.get(
    "/{lobby_id}", response_model=LobbyPublic, responses=responses(*FOUND), operation_id="getLobby"
)
async def get(
    lobby_id: LobbyId, session: SessionDep, context: ContextDep, player: OptionalPlayer
) -> LobbyPublic:
    lobby = await service.get_lobby(session, lobby_id)
    return await lobby_public(
        session, lobby, player, activity.idle_cutoff(context.settings, context.clock.now())
    )


async def _change(
    lobby_id: LobbyId,
    player: Identity,
    session: AsyncSession,
    context: AppContext,
    change: Callable[[Lobby], None],
    host_only: bool = False,
    check: Callable[[Lobby], Awaitable[None]] | None = None,
) -> LobbyPublic:
    """`check`: a refusal that needs the database, asked under the lock before the change."""
    async with _locked(context, session, lobby_id):
        lobby = await _load_for_change(context, session, lobby_id)
        if host_only:
            service.require_host(lobby, player)
        if check is not None:
            await check(lobby)
        change(lobby)
        return await commit_and_push(context, session, lobby, player)


async def _load_for_change(context: AppContext, session: AsyncSession, lobby_id: str) -> Lobby:
    """The table, locked; an idle one is closed for good first, so the change is refused."""
    lobby = await service.get_lobby(session, lobby_id, for_update=not context.db.sqlite)
    if activity.is_idle(lobby, activity.idle_cutoff(context.settings, context.clock.now())):
        lobby.status = LobbyStatus.CLOSED
        await session.commit()
        await context.broker.publish(lobby_topic(lobby.id), LobbyChanged().encode())
    return lobby


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
    responses=responses(*FOUND, "auth/forbidden", "lobby/full", "lobby/closed", "lobby/bad_options")
    | responses("lobby/too_many", "lobby/full", "lobby/closed", "lobby/rated_mixed"),
    operation_id="joinLobby",
)
async def join(
    lobby_id: LobbyId,
    body: JoinRequest,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
) -> LobbyPublic:
    async with _locked(context, session, lobby_id):
        lobby = await _load_for_change(context, session, lobby_id)
        if service.seat_of(lobby, player.id) is None:
            await activity.check_room(session, player.id, context.settings, context.clock.now())
            await rated_pool.refuse_mixed_join(session, lobby, player.id)
        service.join(lobby, player, body.seat, body.invite_code)
        return await commit_and_push(context, session, lobby, player)


@router.post(
    "/{lobby_id}/invite_code",
    response_model=LobbyPublic,
    responses=responses(*FOUND, "lobby/not_host", "lobby/closed"),
    operation_id="rotateInviteCode",
)
async def rotate_invite_code(
    lobby_id: LobbyId, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> LobbyPublic:
    """A new invite code (host only): links with the old one stop working."""
    return await _change(lobby_id, player, session, context, service.new_invite, host_only=True)


@router.post(
    "/{lobby_id}/leave",
    response_model=LobbyPublic,
    responses=responses(*FOUND, "lobby/closed"),
    operation_id="leaveLobby",
)
async def leave(
    lobby_id: LobbyId, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> LobbyPublic:
    return await _change(
        lobby_id, player, session, context, lambda lobby: service.leave(lobby, player)
    )


@router.post(
    "/{lobby_id}/ready",
    response_model=LobbyPublic,
    responses=responses(*FOUND, "auth/forbidden", "lobby/closed"),
    operation_id="setReady",
)
async def ready(
    lobby_id: LobbyId,
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
    responses=responses(
        *FOUND,
        "lobby/not_host",
        "lobby/bad_options",
        "lobby/closed",
        "lobby/rated_no_bots",
        "lobby/rated_mixed",
        "lobby/clock_conflict",
    ),
    operation_id="updateLobby",
)
async def patch(
    lobby_id: LobbyId,
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
            lobby,
            body.options,
            body.seats,
            body.private,
            body.turn_seconds,
            body.rated,
            body.slow_clock if "slow_clock" in body.model_fields_set else service.UNCHANGED,
        ),
        host_only=True,
        check=(lambda lobby: rated_pool.refuse_mixed_table(session, lobby)) if body.rated else None,
    )


@router.put(
    "/{lobby_id}/seats/{seat}",
    response_model=LobbyPublic,
    responses=responses(
        *FOUND,
        "lobby/not_host",
        "lobby/bad_options",
        "lobby/full",
        "lobby/closed",
        "lobby/rated_no_bots",
    ),
    operation_id="putBotInSeat",
)
async def put_bot(
    lobby_id: LobbyId,
    seat: SeatNumber,
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


@router.post(
    "/{lobby_id}/bots",
    response_model=LobbyPublic,
    responses=responses(*FOUND, "lobby/not_host", "lobby/bad_options", "lobby/closed"),
    operation_id="fillWithBots",
)
async def fill_with_bots(
    lobby_id: LobbyId,
    body: FillRequest,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
) -> LobbyPublic:
    """Host only: a bot of the given strategy in every empty seat (none empty: no change)."""
    return await _change(
        lobby_id,
        player,
        session,
        context,
        lambda lobby: service.fill_with_bots(lobby, body.bot),
        host_only=True,
    )


@router.delete(
    "/{lobby_id}/seats/{seat}",
    response_model=LobbyPublic,
    responses=responses(*FOUND, "lobby/not_host", "lobby/bad_options", "lobby/closed"),
    operation_id="emptySeat",
)
async def empty_seat(
    lobby_id: LobbyId,
    seat: SeatNumber,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
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
    response_model=StartPublic,
    responses=responses(*FOUND, "lobby/not_host", "lobby/not_ready", "lobby/closed"),
    operation_id="startMatch",
)
async def start(
    lobby_id: LobbyId, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> StartPublic:
    async with _locked(context, session, lobby_id):
        lobby = await _load_for_change(context, session, lobby_id)
        service.require_host(lobby, player)
        service.check_startable(lobby)
        ids = {s.player_id for s in lobby.seats if s.player_id}
        names = await names_of(session, ids)
        match = await create_match(session, lobby, names, context.clock.now())
        lobby.status, lobby.match_id = LobbyStatus.STARTED, match.id
        await session.commit()
    await context.broker.publish(lobby_topic(lobby.id), LobbyChanged().encode())
    started = await load_match(context, session, match.id)
    await context.commits.announce(Commit(started, Change.START))
    return StartPublic(match_id=match.id)

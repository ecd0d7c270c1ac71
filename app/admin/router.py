"""/api/v1/admin: lobbies and matches across the site, and the one unprojected read."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.admin.audit import audit
from app.core.errors import ApiError, responses
from app.core.inputs import GameFilter, LobbyId, MatchId, PlayerId
from app.core.statuses import ActorKind, LobbyStatus, MatchStatus
from app.lobby.activity import has_status, idle_cutoff
from app.lobby.models import Lobby
from app.lobby.publish import commit_and_push, lobby_public
from app.lobby.schemas import LobbyPublic
from app.lobby.service import get_lobby
from app.lobby.service import kick as kick_player
from app.matches.envelope import summary_json
from app.matches.last_step import LastStep, end_match
from app.matches.loaded import LoadedMatch, encode_state
from app.matches.models import Match
from app.matches.schemas import MatchSummaryPublic
from app.matches.store import load_match
from app.realtime.presence import presence
from app.web.deps import AdminPlayer, ContextDep, SessionDep

router = APIRouter(prefix="/api/v1/admin", tags=["admin"])
ADMIN = ("auth/missing", "auth/invalid", "auth/forbidden", "rate/limited", "request/malformed")
STATUS = f"^({'|'.join([*LobbyStatus, *MatchStatus])})$"  # a table's or a match's
ABORTED = "An admin aborted the match."


class StatsPublic(BaseModel):
    open_lobbies: int
    active_matches: int
    connected_sockets: int
    actions_per_minute: int


class RawStatePublic(BaseModel):
    match_id: str
    game: str
    version: int
    seed: int
    state: dict[str, Any]
    view: dict[str, Any] | None


@router.get(
    "/lobbies",
    response_model=list[LobbyPublic],
    responses=responses(*ADMIN),
    operation_id="adminListLobbies",
)
async def lobbies(
    session: SessionDep,
    context: ContextDep,
    admin: AdminPlayer,
    status: str | None = Query(None, pattern=STATUS),
    game: GameFilter = None,
) -> list[LobbyPublic]:
    cutoff = idle_cutoff(context.settings, context.clock.now())
    query = select(Lobby).order_by(Lobby.created_at.desc()).limit(500)
    if status:
        query = query.where(has_status(status, cutoff))
    if game:
        query = query.where(Lobby.game == game)
    found = await session.scalars(query)
    return [await lobby_public(session, lobby, admin, cutoff) for lobby in found]


@router.post(
    "/lobbies/{lobby_id}/close",
    response_model=LobbyPublic,
    responses=responses(*ADMIN, "lobby/not_found"),
    operation_id="adminCloseLobby",
)
async def close_lobby(
    lobby_id: LobbyId, session: SessionDep, context: ContextDep, admin: AdminPlayer
) -> LobbyPublic:
    lobby = await get_lobby(session, lobby_id)
    if lobby.status == LobbyStatus.OPEN:
        lobby.status = LobbyStatus.CLOSED
    await audit(session, admin, "lobby.close", lobby_id)
    return await commit_and_push(context, session, lobby, admin)


@router.delete(
    "/lobbies/{lobby_id}/players/{player_id}",
    response_model=LobbyPublic,
    responses=responses(*ADMIN, "lobby/not_found", "player/not_found"),
    operation_id="adminKickPlayer",
)
async def kick(
    lobby_id: LobbyId,
    player_id: PlayerId,
    session: SessionDep,
    context: ContextDep,
    admin: AdminPlayer,
) -> LobbyPublic:
    lobby = await get_lobby(session, lobby_id)
    if not kick_player(lobby, player_id):
        raise ApiError("player/not_found", "That player is not at this table.")
    await audit(session, admin, "lobby.kick", lobby_id, {"player_id": player_id})
    return await commit_and_push(context, session, lobby, admin)


@router.get(
    "/matches",
    response_model=list[MatchSummaryPublic],
    responses=responses(*ADMIN),
    operation_id="adminListMatches",
)
async def matches(
    session: SessionDep,
    context: ContextDep,
    admin: AdminPlayer,
    status: str | None = Query(None, pattern=STATUS),
    game: GameFilter = None,
) -> list[dict[str, Any]]:
    query = select(Match.id).order_by(Match.updated_at.desc()).limit(500)
    if status:
        query = query.where(Match.status == status)
    if game:
        query = query.where(Match.game == game)
    result = []
    for match_id in (await session.scalars(query)).all():
        loaded = await load_match(context, session, match_id)
        result.append(summary_json(loaded, await presence(context, match_id)))
    return result


@router.post(
    "/matches/{match_id}/abort",
    response_model=MatchSummaryPublic,
    responses=responses(*ADMIN, "match/not_found", "action/stale_version"),
    operation_id="adminAbortMatch",
)
async def abort(
    match_id: MatchId, session: SessionDep, context: ContextDep, admin: AdminPlayer
) -> dict[str, Any]:
    async def decide(session: AsyncSession, loaded: LoadedMatch) -> LastStep | None:
        await audit(session, admin, "match.abort", match_id)
        if loaded.status != MatchStatus.ACTIVE:
            return None  # aborting a match that is over changes nothing
        return LastStep(
            status=MatchStatus.ABORTED,
            outcome=loaded.outcome,
            action={"type": "abort"},
            text=ABORTED,
            actor=ActorKind.ADMIN,
        )

    loaded = await end_match(context, session, match_id, decide)
    return summary_json(loaded, await presence(context, match_id))


@router.get(
    "/matches/{match_id}/state",
    response_model=RawStatePublic,
    responses=responses(*ADMIN, "match/not_found", "match/no_such_seat"),
    operation_id="adminGetRawState",
)
async def raw_state(
    match_id: MatchId,
    session: SessionDep,
    context: ContextDep,
    admin: AdminPlayer,
    seat: int | None = Query(None, description="Also return this seat's view"),
) -> RawStatePublic:
    """The unprojected state (and seed): the only such path, and every use is audited."""
    row = await session.get(Match, match_id)
    if row is None:
        raise ApiError("match/not_found", "There is no match with this id.")
    loaded = await load_match(context, session, match_id)
    if seat is not None and not 0 <= seat < len(loaded.seats):
        # Any integer parses; only this match knows how many seats it has.
        raise ApiError("match/no_such_seat", f"This match has seats 0 to {len(loaded.seats) - 1}.")
    view = loaded.engine.view(loaded.state, seat) if seat is not None else None
    await audit(session, admin, "match.raw_state", match_id, {"seat": seat})
    await session.commit()
    return RawStatePublic(
        match_id=row.id,
        game=row.game,
        version=loaded.version,
        seed=row.seed,
        # The state at the match's version (the stored one is a checkpoint, maybe older).
        state=json.loads(encode_state(loaded.engine, loaded.state)),
        view=view,
    )


@router.get(
    "/stats", response_model=StatsPublic, responses=responses(*ADMIN), operation_id="adminGetStats"
)
async def stats(session: SessionDep, context: ContextDep, admin: AdminPlayer) -> StatsPublic:
    open_lobbies = await session.scalar(
        select(func.count())
        .select_from(Lobby)
        .where(has_status(LobbyStatus.OPEN, idle_cutoff(context.settings, context.clock.now())))
    )
    active = await session.scalar(
        select(func.count()).select_from(Match).where(Match.status == MatchStatus.ACTIVE)
    )
    return StatsPublic(
        open_lobbies=open_lobbies or 0,
        active_matches=active or 0,
        connected_sockets=context.hub.count(),
        actions_per_minute=context.metrics.actions_last_minute(),
    )

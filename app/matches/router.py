"""/api/v1/matches: summary, envelope, actions, log, event stream, rematch, replay, export."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity
from app.context import AppContext
from app.core.errors import responses
from app.core.inputs import SEQ_MAX, After, MatchId
from app.core.statuses import ActorKind, MatchStatus
from app.lobby.rematch import rematch_lobby
from app.lobby.schemas import LobbyPublic
from app.matches import replay, seats
from app.matches.access import viewer_seat
from app.matches.envelope import envelope, summary_json
from app.matches.export import EndedMatch, ended_match, export_document
from app.matches.loaded import LoadedMatch
from app.matches.log_view import readable_entries
from app.matches.models import MatchAction
from app.matches.replay_schemas import MatchExportPublic, ReplayIndexPublic, ReplayStepPublic
from app.matches.resign import resign
from app.matches.schemas import (
    ActionRequest,
    Envelope,
    MatchLogPublic,
    MatchSummaryPublic,
    ReplayActionPublic,
)
from app.matches.service import Actor, act
from app.matches.store import load_match
from app.ratings.match_changes import rating_changes
from app.realtime.presence import presence
from app.realtime.sse import event_stream
from app.web.deps import ContextDep, CurrentPlayer, OptionalPlayer, SessionDep

router = APIRouter(prefix="/api/v1/matches", tags=["matches"])
AUTH = ("auth/missing", "auth/invalid", "rate/limited", "request/malformed")
FOUND = (*AUTH, "match/not_found", "auth/forbidden")
LOG_PAGE = 1000
SSE_RESPONSE: dict[str, Any] = {
    "content": {"text/event-stream": {}},
    "description": "`envelope` events, at once and after every change",
}


async def envelope_response(context: AppContext, loaded: LoadedMatch, seat: int | None) -> Response:
    """The viewer's envelope, as the bytes every socket of that viewer is sent too."""
    body = context.envelopes.body(loaded, seat, await presence(context, loaded.id))
    return Response(body, media_type="application/json")


@router.get(
    "/{match_id}",
    response_model=MatchSummaryPublic,
    responses=responses(*FOUND),
    operation_id="getMatch",
)
async def summary(
    match_id: MatchId, session: SessionDep, context: ContextDep, player: OptionalPlayer
) -> dict[str, Any]:
    loaded = await load_match(context, session, match_id)
    viewer_seat(loaded, player)
    summary = summary_json(loaded, await presence(context, loaded.id))
    if loaded.status == MatchStatus.FINISHED:  # the end screen's "+12 -> 1512"
        summary["rating_changes"] = await rating_changes(session, loaded.id)
    return summary


@router.get(
    "/{match_id}/state",
    response_model=Envelope,
    responses=responses(*FOUND),
    operation_id="getMatchState",
)
async def state(
    match_id: MatchId, session: SessionDep, context: ContextDep, player: OptionalPlayer
) -> Response:
    loaded = await load_match(context, session, match_id)
    return await envelope_response(context, loaded, viewer_seat(loaded, player))


@router.post(
    "/{match_id}/actions",
    response_model=Envelope,
    responses=responses(
        *FOUND,
        "action/not_seated",
        "action/stale_version",
        "action/not_your_turn",
        "action/id_reused",
        "match/finished",
        "action/illegal",
        "action/malformed",
        "request/too_large",
    ),
    operation_id="postAction",
)
async def post_action(
    match_id: MatchId, body: ActionRequest, context: ContextDep, player: CurrentPlayer
) -> Response:
    loaded, seat = await act(
        context,
        match_id,
        Actor(ActorKind.PLAYER, player_id=player.id),
        body.action,
        body.version,
        body.id,
    )
    return await envelope_response(context, loaded, seat)


@router.get(
    "/{match_id}/log",
    response_model=MatchLogPublic,
    responses=responses(*FOUND),
    operation_id="getMatchLog",
)
async def match_log(
    match_id: MatchId,
    session: SessionDep,
    context: ContextDep,
    player: OptionalPlayer,
    after: After = 0,
) -> MatchLogPublic:
    loaded = await load_match(context, session, match_id)
    seat = viewer_seat(loaded, player)
    rows = await _actions_after(session, match_id, after)
    # After the end everything is public: the replay shows every seat's secrets.
    everything = loaded.status != MatchStatus.ACTIVE
    forgotten = 0 if everything else loaded.engine.forgotten_before(loaded.state)
    entries = readable_entries(rows, loaded.names(), seat, everything, forgotten)
    replay = (
        [
            ReplayActionPublic(
                seq=r.seq, seat=r.seat, action=r.action, actor=r.actor, at=r.created_at
            )
            for r in rows
        ]
        if everything
        else None
    )
    return MatchLogPublic(
        match_id=match_id,
        version=loaded.version,
        entries=entries,
        replay=replay,
        forgotten_before=forgotten,
    )


async def _actions_after(session: AsyncSession, match_id: str, after: int) -> list[MatchAction]:
    query = (
        select(MatchAction)
        .where(MatchAction.match_id == match_id, MatchAction.seq > after)
        .order_by(MatchAction.seq)
        .limit(LOG_PAGE)
    )
    return list((await session.scalars(query)).all())


@router.get(
    "/{match_id}/stream",
    responses={**responses(*FOUND, "rate/too_many_sockets"), 200: SSE_RESPONSE},
    operation_id="streamMatch",
)
async def stream(
    match_id: MatchId,
    request: Request,
    session: SessionDep,
    context: ContextDep,
    player: OptionalPlayer,
) -> Any:
    """Server-sent events: an `envelope` event at once and after every change; a last
    `signed_out` event if the token is revoked meanwhile."""
    loaded = await load_match(context, session, match_id)
    seat = viewer_seat(loaded, player)
    await session.close()  # the stream may last hours: do not hold a pooled connection
    return event_stream(context, request, match_id, seat, player)


@router.post(
    "/{match_id}/leave",
    response_model=Envelope,
    responses=responses(*FOUND, "action/not_seated", "match/finished"),
    operation_id="leaveMatch",
)
async def leave_match(
    match_id: MatchId, context: ContextDep, player: CurrentPlayer
) -> dict[str, Any]:
    """Leave a running match: a bot plays your seat on, and the table is told."""
    loaded = await seats.leave(context, match_id, player)
    return envelope(loaded, loaded.seat_of(player.id), await presence(context, match_id))


@router.post(
    "/{match_id}/reclaim",
    response_model=Envelope,
    responses=responses(*FOUND, "action/not_seated", "match/finished"),
    operation_id="reclaimSeat",
)
async def reclaim_seat(
    match_id: MatchId, context: ContextDep, player: CurrentPlayer
) -> dict[str, Any]:
    """Take your seat back from the bot that played it while you were away."""
    loaded = await seats.reclaim(context, match_id, player)
    return envelope(loaded, loaded.seat_of(player.id), await presence(context, match_id))


@router.post(
    "/{match_id}/resign",
    response_model=Envelope,
    responses=responses(*FOUND, "action/not_seated", "match/finished", "action/stale_version"),
    operation_id="resignMatch",
)
async def resign_match(
    match_id: MatchId, session: SessionDep, context: ContextDep, player: CurrentPlayer
) -> dict[str, Any]:
    """Resign: with two seats the other wins, in the Duet the team loses; with three or more
    the platform's bot plays your seat to the end and it ranks last. Asking again changes
    nothing; `match/finished` once the match ended otherwise."""
    loaded = await resign(context, session, match_id, player)
    return envelope(loaded, loaded.seat_of(player.id), await presence(context, match_id))


@router.post(
    "/{match_id}/rematch",
    status_code=201,
    response_model=LobbyPublic,
    responses=responses(*FOUND, "action/not_seated", "match/not_finished", "lobby/too_many"),
    operation_id="createRematch",
)
async def rematch(
    match_id: MatchId, session: SessionDep, context: ContextDep, player: CurrentPlayer
) -> LobbyPublic:
    loaded = await load_match(context, session, match_id)
    return await rematch_lobby(context, session, loaded, player)


@router.get(
    "/{match_id}/replay",
    response_model=ReplayIndexPublic,
    responses=responses(*FOUND, "match/not_finished", "match/not_replayable"),
    operation_id="getReplay",
)
async def replay_index(
    match_id: MatchId, session: SessionDep, context: ContextDep, player: OptionalPlayer
) -> dict[str, Any]:
    """The steps of a match that is over and where each round begins (refused while live)."""
    ended = await _ended(context, session, match_id, player)
    return replay.index_json(ended, replay.CACHE.get(ended))


@router.get(
    "/{match_id}/replay/{step}",
    response_model=ReplayStepPublic,
    responses=responses(*FOUND, "match/not_finished", "match/not_replayable", "match/no_such_step"),
    operation_id="getReplayStep",
)
async def replay_step(
    match_id: MatchId,
    step: Annotated[int, Path(ge=0, le=SEQ_MAX)],
    session: SessionDep,
    context: ContextDep,
    player: OptionalPlayer,
) -> dict[str, Any]:
    """The table after `step` actions, as every seat saw it (refused while the match runs)."""
    ended = await _ended(context, session, match_id, player)
    return replay.step_json(ended, replay.CACHE.get(ended), step)


@router.get(
    "/{match_id}/export",
    response_model=MatchExportPublic,
    responses=responses(*FOUND, "match/not_finished"),
    operation_id="exportMatch",
)
async def export(
    match_id: MatchId, session: SessionDep, context: ContextDep, player: OptionalPlayer
) -> dict[str, Any]:
    """The match as one document that its engine replays to the same end (once it is over)."""
    return export_document(await _ended(context, session, match_id, player))


async def _ended(
    context: AppContext, session: AsyncSession, match_id: str, player: Identity | None
) -> EndedMatch:
    loaded = await load_match(context, session, match_id)
    viewer_seat(loaded, player)  # strangers may not see private tables, even after the end
    return await ended_match(session, loaded)

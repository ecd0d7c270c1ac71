"""/api/v1/challenges: ask an account by name to play; it accepts, declines, or lets it expire.

Each change is committed, then told to the other player's event stream
(GET /api/v1/players/me/events) on whichever process it is open.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated

from fastapi import APIRouter, Path
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import names_of
from app.challenges import service
from app.challenges.models import Challenge
from app.challenges.schemas import (
    ChallengeCreate,
    ChallengeDecline,
    ChallengeListPublic,
    ChallengePublic,
)
from app.context import AppContext
from app.core.errors import ApiError, responses
from app.core.inputs import ID_MAX, NO_NUL
from app.matches.commits import Change, Commit
from app.matches.store import load_match
from app.notifications.challenges import challenge_received
from app.player_events.publisher import tell
from app.web.deps import ContextDep, CurrentPlayer, DeviceSessionPlayer, SessionDep

router = APIRouter(prefix="/api/v1/challenges", tags=["challenges"])
ChallengeId = Annotated[
    str, Path(max_length=ID_MAX, pattern=NO_NUL, description="A challenge's id")
]
AUTH = ("auth/missing", "auth/invalid", "rate/limited", "request/malformed")
FOUND = (*AUTH, "challenge/not_found", "challenge/not_yours")
ANSWER = (*FOUND, "challenge/expired", "challenge/closed")


async def _public(
    context: AppContext, session: AsyncSession, challenge: Challenge, viewer_id: str
) -> ChallengePublic:
    names = await names_of(session, {challenge.challenger_id, challenge.recipient_id})
    return service.public(challenge, names, viewer_id, context.clock.now())


async def _tell_and_answer(
    context: AppContext,
    session: AsyncSession,
    challenge: Challenge,
    told_id: str,
    kind: str,
    viewer_id: str,
) -> ChallengePublic:
    """Tells `told_id` of this change (as it sees the challenge) and answers `viewer_id`: the
    two players' names are read once for both."""
    names = await names_of(session, {challenge.challenger_id, challenge.recipient_id})
    now = context.clock.now()
    seen = service.public(challenge, names, told_id, now)
    await tell(context, told_id, {"type": kind, "challenge": seen.model_dump(mode="json")})
    return service.public(challenge, names, viewer_id, now)


@asynccontextmanager
async def _answering(
    context: AppContext, session: AsyncSession, challenge_id: str
) -> AsyncIterator[None]:
    """One answer at a time (an accept racing a cancel): this process's lock, and on Postgres
    the row's lock. The rollback ends the read the authentication began. What the answer
    changed is committed, and so is what a refusal did: an expired challenge stays expired."""
    async with context.locks.hold("challenge:" + challenge_id):
        await session.rollback()
        try:
            yield
        except ApiError:
            await session.commit()
            raise
        await session.commit()


@router.post(
    "",
    status_code=201,
    response_model=ChallengePublic,
    responses=responses(
        *AUTH,
        "account/not_found",
        "player/not_found",
        "challenge/self",
        "challenge/not_ratable",
        "challenge/too_many",
        "lobby/bad_options",
        "lobby/rated_mixed",
        "lobby/clock_conflict",
    ),
    operation_id="createChallenge",
)
async def create(
    body: ChallengeCreate, player: DeviceSessionPlayer, session: SessionDep, context: ContextDep
) -> ChallengePublic:
    challenge = await service.create(session, player, body, context.clock.now())
    await session.commit()
    challenge_received(
        context, challenge.id, challenge.recipient_id, player.name, challenge.game, challenge.rated
    )
    return await _tell_and_answer(
        context, session, challenge, challenge.recipient_id, "challenge", player.id
    )


@router.get(
    "",
    response_model=ChallengeListPublic,
    responses=responses(*AUTH),
    operation_id="listChallenges",
)
async def list_challenges(
    player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> ChallengeListPublic:
    mine = await service.open_for(session, player.id, context.clock.now())
    # One read of every name the list shows, not one per challenge.
    names = await names_of(session, {p for c in mine for p in (c.challenger_id, c.recipient_id)})
    now = context.clock.now()
    seen = [service.public(c, names, player.id, now) for c in mine]
    return ChallengeListPublic(
        incoming=[c for c in seen if c.direction == "in"],
        outgoing=[c for c in seen if c.direction == "out"],
    )


@router.get(
    "/{challenge_id}",
    response_model=ChallengePublic,
    responses=responses(*AUTH, "challenge/not_found"),
    operation_id="getChallenge",
)
async def get(
    challenge_id: ChallengeId, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> ChallengePublic:
    challenge = await service.find(session, challenge_id, player)
    return await _public(context, session, challenge, player.id)


@router.post(
    "/{challenge_id}/accept",
    response_model=ChallengePublic,
    responses=responses(*ANSWER, "lobby/rated_mixed"),
    operation_id="acceptChallenge",
)
async def accept(
    challenge_id: ChallengeId, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> ChallengePublic:
    """Starts the match (its id is in `match_id`): both players get `match_started`."""
    async with _answering(context, session, challenge_id):
        challenge = await service.find(
            session, challenge_id, player, for_update=not context.db.sqlite
        )
        match = await service.accept(session, challenge, player, context.clock.now())
    answer = await _tell_and_answer(
        context, session, challenge, challenge.challenger_id, "challenge_accepted", player.id
    )
    # The match's start is a commit like the lobby's: bots, timers and both players' streams.
    started = await load_match(context, session, match.id)
    await context.commits.announce(Commit(started, Change.START))
    return answer


@router.post(
    "/{challenge_id}/decline",
    response_model=ChallengePublic,
    responses=responses(*ANSWER),
    operation_id="declineChallenge",
)
async def decline(
    challenge_id: ChallengeId,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
    body: ChallengeDecline | None = None,
) -> ChallengePublic:
    reason = body.reason if body is not None else None
    async with _answering(context, session, challenge_id):
        challenge = await service.find(
            session, challenge_id, player, for_update=not context.db.sqlite
        )
        service.decline(challenge, player, reason, context.clock.now())
    return await _tell_and_answer(
        context, session, challenge, challenge.challenger_id, "challenge_declined", player.id
    )


@router.post(
    "/{challenge_id}/cancel",
    response_model=ChallengePublic,
    responses=responses(*ANSWER),
    operation_id="cancelChallenge",
)
async def cancel(
    challenge_id: ChallengeId, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> ChallengePublic:
    async with _answering(context, session, challenge_id):
        challenge = await service.find(
            session, challenge_id, player, for_update=not context.db.sqlite
        )
        service.cancel(challenge, player, context.clock.now())
    return await _tell_and_answer(
        context, session, challenge, challenge.recipient_id, "challenge_canceled", player.id
    )

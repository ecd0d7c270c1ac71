"""/api/v1/matches/{id}/reviews: ask for a seat's post-game review, read it, play on from it."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request

from app.core.errors import responses
from app.core.inputs import MatchId
from app.realtime.messages import REVIEWS, ReviewAsked
from app.review import practice, service
from app.review.schemas import PracticePublic, PracticeRequest, ReviewPublic
from app.web.deps import ContextDep, CurrentPlayer, OptionalPlayer, SessionDep

router = APIRouter(prefix="/api/v1/matches", tags=["reviews"])
AUTH = ("auth/missing", "auth/invalid", "rate/limited", "request/malformed")
REVIEWABLE = (
    *AUTH,
    "match/not_found",
    "auth/forbidden",
    "match/not_finished",
    "match/no_such_seat",
)
Seat = Annotated[int, Path(ge=0, le=7, description="The seat whose decisions are reviewed")]


@router.post(
    "/{match_id}/reviews/{seat}",
    status_code=202,
    response_model=ReviewPublic,
    responses=responses(*REVIEWABLE),
    operation_id="askReview",
)
async def ask_review(
    match_id: MatchId,
    seat: Seat,
    request: Request,
    session: SessionDep,
    context: ContextDep,
    player: CurrentPlayer,
) -> dict[str, Any]:
    """Queue the review of a seat of a match that is over (once: asking again answers the
    same job, or the cached review). Refused while the match runs."""
    answer = await service.ask(context, session, match_id, player, seat)
    worker = getattr(request.app.state, "review_worker", None)
    if answer["status"] == "queued":
        if worker is not None:
            worker.nudge()
        await context.broker.publish(REVIEWS, ReviewAsked().encode())  # the other processes
    return answer


@router.get(
    "/{match_id}/reviews/{seat}",
    response_model=ReviewPublic,
    responses=responses(*REVIEWABLE),
    operation_id="getReview",
)
async def get_review(
    match_id: MatchId,
    seat: Seat,
    session: SessionDep,
    context: ContextDep,
    player: OptionalPlayer,
) -> dict[str, Any]:
    """The review's progress, and the review once done (status `none`: nobody asked yet)."""
    return await service.read(context, session, match_id, player, seat)


@router.post(
    "/{match_id}/reviews/{seat}/practice",
    status_code=201,
    response_model=PracticePublic,
    responses=responses(*REVIEWABLE, "review/no_such_decision"),
    operation_id="startPractice",
)
async def start_practice(
    match_id: MatchId,
    seat: Seat,
    body: PracticeRequest,
    session: SessionDep,
    context: ContextDep,
    player: CurrentPlayer,
) -> PracticePublic:
    """An unrated practice table from the seat's decision at `step`: the caller plays the
    seat in a world re-dealt from what the seat knew, the expert bot every other seat."""
    new = await practice.practice_table(context, session, match_id, player, seat, body.step)
    return PracticePublic(match_id=new)

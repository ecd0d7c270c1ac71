"""Who may ask for and read a review, and its state as the API shows it.

A review is refused while the match runs, to everyone, its own players too: it weighs
decisions with what the seat knew, and the seat's knowledge of a live match is a secret of the
match. Once the match is over the replay shows every hand to whoever may watch it (anyone,
or at a private table its players and admins), so the review of any seat is theirs to read
too: it shows nothing the replay does not.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity
from app.core.errors import ApiError
from app.core.statuses import MatchStatus
from app.matches.access import viewer_seat
from app.matches.loaded import LoadedMatch
from app.matches.store import load_match
from app.review import jobs
from app.review.context import ReviewContext
from app.review.models import ReviewJob

RUNNING = "The match is still being played: its review opens when it ends."
NONE = "none"  # nobody asked for this review yet


async def reviewable(
    context: ReviewContext,
    session: AsyncSession,
    match_id: str,
    player: Identity | None,
    seat: int,
) -> LoadedMatch:
    """The match, if the caller may see the review of `seat`; else the refusal."""
    loaded = await load_match(context, session, match_id)
    viewer_seat(loaded, player)  # a private table stays closed to strangers
    if loaded.status == MatchStatus.ACTIVE:
        raise ApiError("match/not_finished", RUNNING)
    if not 0 <= seat < len(loaded.seats):
        raise ApiError("match/no_such_seat", f"This match has seats 0 to {len(loaded.seats) - 1}.")
    return loaded


async def ask(
    context: ReviewContext, session: AsyncSession, match_id: str, player: Identity, seat: int
) -> dict[str, Any]:
    await reviewable(context, session, match_id, player, seat)
    job = await jobs.ask(session, (match_id, seat), context.clock.now())
    return review_json(match_id, seat, job)


async def read(
    context: ReviewContext,
    session: AsyncSession,
    match_id: str,
    player: Identity | None,
    seat: int,
) -> dict[str, Any]:
    await reviewable(context, session, match_id, player, seat)
    return review_json(match_id, seat, await session.get(ReviewJob, (match_id, seat)))


def review_json(match_id: str, seat: int, job: ReviewJob | None) -> dict[str, Any]:
    if job is None:
        return {"match_id": match_id, "seat": seat, "status": NONE, "done": 0, "total": None}
    return {
        "match_id": match_id,
        "seat": seat,
        "status": job.status,
        "done": job.done,
        "total": job.total,
        "error": job.error,
        "review": job.result if job.status == jobs.JobStatus.DONE else None,
    }

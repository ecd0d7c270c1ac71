"""The review queue in the database: asking, claiming with a compare-and-set, progress.

A process claims a job by one UPDATE that names the state it saw (waiting, or running with the
heartbeat it read): on Postgres the second of two racing UPDATEs waits for the first's row lock,
re-reads the row and matches nothing, on SQLite writers take turns; either way exactly one
process holds the job. The holder renews its heartbeat with each decision weighed; a job whose
holder fell silent for STALE_SECONDS (its process died) is claimed again, at most
MAX_ATTEMPTS times in all.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, cast

from sqlalchemy import CursorResult, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.errors import ApiError
from app.review.models import ReviewJob

STALE_SECONDS = 120.0
STALE = timedelta(seconds=STALE_SECONDS)
MAX_ATTEMPTS = 3
CANDIDATES = 8  # waiting jobs looked at per claim: another process may take the first ones
# Reviews waiting at once, across every process: beyond, a new one is refused until the queue
# drains (a client asking for every match there is must not bury the players' own reviews).
QUEUE_MAX = 200
BUSY = "Too many reviews are waiting: ask again in a minute."


class JobStatus(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


Key = tuple[str, int]  # (match id, seat)


async def ask(session: AsyncSession, key: Key, now: datetime) -> ReviewJob:
    """The job of `key`, queued now if nobody asked before (or it failed); committed."""
    job = await session.get(ReviewJob, key)
    if job is None:
        await _refuse_when_full(session)
        session.add(_new_job(key, now))
        try:
            await session.commit()
        except IntegrityError:  # asked at the same moment elsewhere: that job is the one
            await session.rollback()
        job = await session.get(ReviewJob, key, populate_existing=True)
        if job is None:
            raise LookupError(f"review job {key} vanished as it was asked for")
    elif job.status == JobStatus.FAILED or _abandoned(job, now):
        # Asked again after it failed (or every holder died): a fresh start.
        job.status, job.error, job.attempts, job.done = JobStatus.QUEUED, None, 0, 0
        job.created_at = now
        await session.commit()
    return job


def _abandoned(job: ReviewJob, now: datetime) -> bool:
    """Running, but its last holder fell silent and no process may claim it again."""
    stale = job.heartbeat_at is not None and job.heartbeat_at < now - STALE
    return job.status == JobStatus.RUNNING and stale and job.attempts >= MAX_ATTEMPTS


async def _refuse_when_full(session: AsyncSession) -> None:
    waiting = await session.scalar(
        select(func.count()).select_from(ReviewJob).where(ReviewJob.status == JobStatus.QUEUED)
    )
    if (waiting or 0) >= QUEUE_MAX:
        raise ApiError("rate/limited", BUSY, headers={"Retry-After": "60"})


def _new_job(key: Key, now: datetime) -> ReviewJob:
    return ReviewJob(
        match_id=key[0], seat=key[1], status=JobStatus.QUEUED, done=0, attempts=0, created_at=now
    )


async def claim_next(session: AsyncSession, worker: str, now: datetime) -> Key | None:
    """Take the oldest job nobody holds (or whose holder fell silent); None if there is none."""
    stale = now - STALE
    seen = (
        await session.execute(
            select(ReviewJob.match_id, ReviewJob.seat, ReviewJob.status, ReviewJob.heartbeat_at)
            .where(
                ReviewJob.attempts < MAX_ATTEMPTS,
                or_(
                    ReviewJob.status == JobStatus.QUEUED,
                    (ReviewJob.status == JobStatus.RUNNING) & (ReviewJob.heartbeat_at < stale),
                ),
            )
            .order_by(ReviewJob.created_at)
            .limit(CANDIDATES)
        )
    ).all()
    for match_id, seat, status, heartbeat in seen:
        if await _take(session, (match_id, seat), status, heartbeat, worker, now):
            await session.commit()
            return (match_id, seat)
    await session.commit()
    return None


async def _take(
    session: AsyncSession,
    key: Key,
    status: str,
    heartbeat: datetime | None,
    worker: str,
    now: datetime,
) -> bool:
    same_beat = (
        ReviewJob.heartbeat_at.is_(None)
        if heartbeat is None
        else ReviewJob.heartbeat_at == heartbeat
    )
    taken = await session.execute(
        update(ReviewJob)
        .where(_is(key), ReviewJob.status == status, same_beat)
        .values(
            status=JobStatus.RUNNING,
            claimed_by=worker,
            heartbeat_at=now,
            attempts=ReviewJob.attempts + 1,
            done=0,
        )
    )
    return cast(CursorResult[Any], taken).rowcount == 1


def _is(key: Key) -> Any:
    return (ReviewJob.match_id == key[0]) & (ReviewJob.seat == key[1])


def _held(key: Key, worker: str) -> Any:
    return _is(key) & (ReviewJob.status == JobStatus.RUNNING) & (ReviewJob.claimed_by == worker)


async def progress(
    session: AsyncSession, key: Key, worker: str, done: int, total: int, now: datetime
) -> bool:
    """Record `done` of `total` and renew the claim; False if the job is no longer ours."""
    renewed = await session.execute(
        update(ReviewJob).where(_held(key, worker)).values(done=done, total=total, heartbeat_at=now)
    )
    await session.commit()
    return cast(CursorResult[Any], renewed).rowcount == 1


async def finish(
    session: AsyncSession, key: Key, worker: str, result: dict[str, Any], now: datetime
) -> None:
    """Cache the review: every decision weighed."""
    weighed = len(result["decisions"])
    await session.execute(
        update(ReviewJob)
        .where(_held(key, worker))
        .values(status=JobStatus.DONE, result=result, done=weighed, total=weighed, finished_at=now)
    )
    await session.commit()


async def fail(session: AsyncSession, key: Key, worker: str, error: str, now: datetime) -> None:
    await session.execute(
        update(ReviewJob)
        .where(_held(key, worker))
        .values(status=JobStatus.FAILED, error=error[:200], finished_at=now)
    )
    await session.commit()

"""Two processes' review workers on one Postgres: each job is worked out by exactly one of
them, and a job whose process died is taken over once its claim goes stale."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import select, update

from app.review import jobs
from app.review.models import ReviewJob
from app.review.worker import ReviewWorker
from tests.conftest import truncate_postgres
from tests.platform.helpers import app_client
from tests.platform.review.reviewing import REVIEW_SETTINGS, finished_match

# The workers' own loops look for work only when nudged within the test (an hour's poll).
SETTINGS = {**REVIEW_SETTINGS, "review_poll_seconds": 3600.0}


def worker_of(http: object) -> ReviewWorker:
    worker: ReviewWorker = http.app.state.review_worker  # type: ignore[attr-defined]
    return worker


async def test_two_workers_never_take_the_same_job(postgres_base_url: str) -> None:
    await truncate_postgres(postgres_base_url)
    async with (
        app_client(postgres_base_url, **SETTINGS) as first,
        app_client(postgres_base_url, **SETTINGS) as second,
    ):
        _, match_id = await finished_match(first)
        _, other_match = await finished_match(first)
        context = first.app.state.context  # type: ignore[attr-defined]
        keys = [(match_id, 0), (match_id, 1), (other_match, 0), (other_match, 1)]
        async with context.db.sessions() as session:
            for key in keys:  # queued without a nudge: only the racing calls below take them
                await jobs.ask(session, key, context.clock.now())
        a, b = worker_of(first), worker_of(second)

        async def drain(worker: ReviewWorker) -> int:
            taken = 0
            while await worker.run_one():
                taken += 1
            return taken

        taken = await asyncio.gather(drain(a), drain(b))
        assert sum(taken) == len(keys)
        async with context.db.sessions() as session:
            rows = (await session.scalars(select(ReviewJob))).all()
        assert sorted((row.match_id, row.seat) for row in rows) == sorted(keys)
        # One claim each: a job taken twice would have been claimed (attempted) twice.
        assert [(row.status, row.attempts) for row in rows] == [("done", 1)] * len(keys)
        assert {row.claimed_by for row in rows} <= {a.id, b.id}


async def test_a_job_whose_process_died_is_taken_over(postgres_base_url: str) -> None:
    await truncate_postgres(postgres_base_url)
    async with app_client(postgres_base_url, **SETTINGS) as http:
        _, match_id = await finished_match(http)
        context = http.app.state.context  # type: ignore[attr-defined]
        now = context.clock.now()
        async with context.db.sessions() as session:
            await jobs.ask(session, (match_id, 0), now)
            assert await jobs.claim_next(session, "a process that will die", now) == (match_id, 0)
            # Claimed a moment ago: nobody else may take it.
            assert await jobs.claim_next(session, "another", now) is None
            silent = now - timedelta(seconds=jobs.STALE_SECONDS + 1)
            await session.execute(update(ReviewJob).values(heartbeat_at=silent))
            await session.commit()
        worker = worker_of(http)
        assert await worker.run_one()
        async with context.db.sessions() as session:
            job = await session.get(ReviewJob, (match_id, 0))
        assert job is not None
        assert (job.status, job.claimed_by, job.attempts) == ("done", worker.id, 2)

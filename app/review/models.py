"""The review queue and its cache: one row per (match, seat) that someone asked to review.

The row is the job while it waits or runs (status, progress, which process holds it and when
it last said so) and the cached review once done: a finished match never changes and the
review is seeded, so it is worked out once and read from here ever after.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow


class ReviewJob(Base):
    __tablename__ = "review_jobs"
    # The worker looks for the oldest waiting job; the index keeps that one short read.
    __table_args__ = (Index("ix_review_jobs_status_created", "status", "created_at"),)

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(16))  # queued | running | done | failed
    done: Mapped[int] = mapped_column(Integer, default=0)  # decisions weighed so far
    total: Mapped[int | None] = mapped_column(Integer, nullable=True)  # known once started
    # The process that claimed the job, and when it last reported progress: a claim nobody
    # renewed for STALE_SECONDS (its process died) may be claimed again.
    claimed_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    heartbeat_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)

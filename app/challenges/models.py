from __future__ import annotations

import enum
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow


class ChallengeStatus(enum.StrEnum):
    """`challenges.status`. An open challenge past `expires_at` reads as expired (it is stored
    so at the next change): expiry needs no timer, only the clock."""

    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELED = "canceled"
    EXPIRED = "expired"


class Challenge(Base):
    __tablename__ = "challenges"
    # "Challenges to me / from me that are open" are the questions asked of this table.
    __table_args__ = (
        Index("ix_challenges_recipient_status", "recipient_id", "status"),
        Index("ix_challenges_challenger_status", "challenger_id", "status"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    challenger_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    recipient_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    # The challenger's seat (None: drawn when the challenge is accepted).
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # A slow table's clock, carried to the match as a lobby's is (both None: not slow).
    move_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bank_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(16))
    decline_reason: Mapped[str | None] = mapped_column(String(200), nullable=True)
    match_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)

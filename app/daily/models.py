"""The day's deals and who played them.

A deal is drawn once per game and day, the first time someone asks for it, and kept: its seed
(never shown, like every match's), its options and its mission. An entry ties a player to the
match they played it in; the result is read from that match when the results are asked for, so
it can never disagree with the match (and no second write at the end of a match can be lost).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Date, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow


class DailyDeal(Base):
    __tablename__ = "daily_deals"

    day: Mapped[date] = mapped_column(Date, primary_key=True)  # the UTC day
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    mission: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class DailyEntry(Base):
    __tablename__ = "daily_entries"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    # One entry per player per deal: the primary key is what makes "once a day" hold when two
    # requests of the same player race (the second insert fails, and is told it played).
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), unique=True)
    seat: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

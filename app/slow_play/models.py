"""A player's slow-play settings (time zone, playing hours) and their vacations."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow


class ClockSettings(Base):
    """One row per player who set anything; a player without one plays on UTC at all hours."""

    __tablename__ = "clock_settings"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC")
    # Minutes after local midnight; both None: the clock runs at every hour.
    hours_start: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hours_end: Mapped[int | None] = mapped_column(Integer, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Vacation(Base):
    """A stretch during which all the player's slow clocks stand still. Ending it early moves
    `ends_at` back to that moment, which gives the unused days back."""

    __tablename__ = "vacations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ends_at: Mapped[datetime] = mapped_column(UTCDateTime)

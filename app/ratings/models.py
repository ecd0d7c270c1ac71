"""Tables of the ratings: the current rating, its history, team records, settled matches."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow


class SettledMatch(Base):
    """A rated match whose result is counted. Its primary key is what makes settling
    idempotent: the row goes in with the rating changes, in one transaction, so a retry or a
    second process finds it there and changes nothing."""

    __tablename__ = "settled_matches"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))  # rating | record
    settled_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class PlayerRating(Base):
    """A player's current rating in one game (openskill's mu and sigma)."""

    __tablename__ = "player_ratings"
    __table_args__ = (Index("ix_player_ratings_game_ordinal", "game", "ordinal"),)

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    # The displayed rating: mu - 3 sigma, a cautious estimate that grows as play confirms it.
    ordinal: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class RatingChange(Base):
    """One player's rating before and after one rated match: the history a profile charts."""

    __tablename__ = "rating_changes"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True, index=True)
    game: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)  # 1 = first place; tied seats share a rank
    won: Mapped[bool] = mapped_column(Boolean)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    ordinal_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    ordinal_after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class TeamRecord(Base):
    """Wins and losses of a pair of players at one level of a cooperative game (Duet): the
    team wins or loses together, so there is no rating to move, only a record to keep."""

    __tablename__ = "team_records"

    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    # The team's players in id order, so the same pair is one row whoever sat first.
    first_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    second_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True, index=True)
    level: Mapped[int] = mapped_column(Integer, primary_key=True)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    losses: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

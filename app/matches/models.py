from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.core.db import Base, UTCDateTime, utcnow


class Match(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    engine_version: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # The seed never leaves the server: only the admin's audited raw-state route reads it.
    seed: Mapped[int] = mapped_column(BigInteger)
    # The engine's encoded state as compact JSON text (parsed once per load, not per column),
    # as it was at `state_version`: a checkpoint. Most moves write only their history row and
    # the match's head; a load replays the few moves since the checkpoint (app/matches/store.py).
    state: Mapped[str] = mapped_column(Text)
    state_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    version: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), index=True)  # active | finished | aborted
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    lobby_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # Private tables are not watchable by strangers.
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True, index=True)
    # Seconds per decision (None: no timer); days for slow play are just many seconds.
    turn_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # A slow table (app/slow_play): a time per move and a bank per player, both in seconds of
    # running clock (which stops outside each player's playing hours and on vacation).
    move_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bank_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Bumped whenever a seat changes hands (leave, hand-over, reclaim), so caches reload.
    seat_epoch: Mapped[int] = mapped_column(Integer, default=0)
    # A bot is to act (`app.bots.due.bot_due`): after a crash, recovery finds the bot turns
    # nobody is playing with one indexed query instead of decoding every active match.
    bot_due: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    seats: Mapped[list[MatchSeat]] = relationship(
        order_by="MatchSeat.seat", cascade="all, delete-orphan", lazy="selectin"
    )


class MatchSeat(Base):
    __tablename__ = "match_seats"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id"), nullable=True, index=True
    )
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(48))
    # Decisions the timer made for this player in a row; at the limit a bot takes the seat.
    missed_turns: Mapped[int] = mapped_column(Integer, default=0)
    # A bot plays this seat while its player is away (left, or missed too many turns).
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    # The player resigned: the platform's bot plays the seat to the end, which ranks last
    # (app/matches/resignations.py); the player may not take it back.
    resigned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # A slow table's clock of this seat: its bank left, since when its current turn's clock
    # has been counted, and what the turn had used before then (a schedule change sets it).
    bank_left: Mapped[int | None] = mapped_column(Integer, nullable=True)
    waiting_since: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    turn_used: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class MatchAction(Base):
    """Append-only history: every committed action, so any match can be replayed and audited."""

    __tablename__ = "match_actions"
    __table_args__ = (UniqueConstraint("match_id", "seat", "client_id"),)

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # the version it produced
    # None for an admin's step (an abort), which no seat took.
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Log entries the action produced, each with its audience; filtered per viewer on the way out.
    log: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    actor: Mapped[str] = mapped_column(String(16))  # player | bot | timeout | admin
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class MatchStart(Base):
    """The first state of a match that did not begin with its game's deal: a practice table
    played on from a moment of a finished match (app/review/practice.py). Replaying its
    history starts here instead of at `setup(players, options, seed)`."""

    __tablename__ = "match_starts"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    state: Mapped[str] = mapped_column(Text)  # the engine's encoding, as `Match.state`

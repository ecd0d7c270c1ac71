"""The tables of notifications: each device's push subscription, each player's preferences,
and the claims that make a notice or a digest go out once however many processes run."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, Integer, String, Text, true
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow

ENDPOINT_MAX = 2048
EMAIL_MAX = 254


class PushSubscription(Base):
    """One signed-in device's browser push subscription. Its row goes with its device
    session (ON DELETE CASCADE): a device signed out or revoked is sent nothing."""

    __tablename__ = "push_subscriptions"

    session_id: Mapped[str] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    # Unique: a browser handed to another account (signed in there later) stops getting the
    # first account's notices the moment it subscribes again.
    endpoint: Mapped[str] = mapped_column(Text, unique=True)
    p256dh: Mapped[str] = mapped_column(String(128))  # the browser's ECDH public key
    auth: Mapped[str] = mapped_column(String(64))  # its authentication secret
    enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class NotificationPrefs(Base):
    """A player's choices; a player without a row has the defaults (every push kind on, no
    quiet hours, no digest). Local times are in the player's one time zone, kept with their
    slow-play settings (app/slow_play: `clock_settings.time_zone`, UTC when unset)."""

    __tablename__ = "notification_prefs"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    # Minutes after local midnight; both None: no quiet hours. start > end spans midnight.
    quiet_start: Mapped[int | None] = mapped_column(Integer, nullable=True)
    quiet_end: Mapped[int | None] = mapped_column(Integer, nullable=True)
    your_turn: Mapped[bool] = mapped_column(Boolean, default=True)
    challenge: Mapped[bool] = mapped_column(Boolean, default=True)
    match_finished: Mapped[bool] = mapped_column(Boolean, default=True)
    digest: Mapped[bool] = mapped_column(Boolean, default=False)
    digest_hour: Mapped[int] = mapped_column(Integer, default=8)  # local hour, 0-23
    email: Mapped[str | None] = mapped_column(String(EMAIL_MAX), nullable=True)


class PushNotice(Base):
    """A notice claimed before it is sent: (match, seat, turn) is told once. `turn` is the
    version the seat's turn began after (its last move; 0 before its first), or FINISHED."""

    __tablename__ = "push_notices"

    match_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    turn: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class DigestSent(Base):
    """A player's digest of one local day, claimed in the transaction that sends it."""

    __tablename__ = "digests_sent"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

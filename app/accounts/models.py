"""Players (guests, the admin role), the accounts they may claim, and signed-in devices."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, String, false
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow

USERNAME_MAX = 24
LABEL_MAX = 120


class Player(Base):
    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    # sha256 of the bearer token: a leaked database does not give away sessions.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Account(Base):
    """A guest who claimed its identity: a username and a password sign it in anywhere."""

    __tablename__ = "accounts"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    username: Mapped[str] = mapped_column(String(USERNAME_MAX))  # as typed, for display
    # Lowercased: "Ada" and "ada" are one account, whichever way it is typed at sign-in.
    username_key: Mapped[str] = mapped_column(String(USERNAME_MAX), unique=True)
    password_hash: Mapped[str] = mapped_column(String(256))  # Argon2id, with its parameters
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    password_changed_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # A program plays this account (POST /api/v1/players/me/bot): shown as a bot everywhere,
    # rated in the bots' pool only. Irreversible, as on Lichess: a bot never passes as a person.
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class DeviceSession(Base):
    """One signed-in device of an account: its own token, which expires unless it is used."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    # sha256 of the token, like a guest's: a leaked database does not give away sessions.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str] = mapped_column(String(LABEL_MAX))  # the device's user agent, shortened
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_used_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)

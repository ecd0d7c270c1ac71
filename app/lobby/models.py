from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, false, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.core.db import Base, UTCDateTime, utcnow

OPEN = text("status = 'open'")


class Lobby(Base):
    __tablename__ = "lobbies"
    # At most one open rematch table per match, however many players press at once.
    __table_args__ = (
        Index(
            "uq_lobbies_open_rematch",
            "rematch_of",
            unique=True,
            sqlite_where=OPEN,
            postgresql_where=OPEN,
        ),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    # The result counts for the players' ratings (app/ratings); no bots sit at rated tables.
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    status: Mapped[str] = mapped_column(String(16), index=True)  # open | started | closed
    host_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    invite_code: Mapped[str] = mapped_column(String(32))
    match_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    turn_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # A slow table (app/slow_play): time per move and a bank per player; None: not slow.
    move_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bank_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # The last change of the table or its seats: open tables idle for long close (activity.py).
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    seats: Mapped[list[LobbySeat]] = relationship(
        order_by="LobbySeat.seat", cascade="all, delete-orphan", lazy="selectin"
    )


class LobbySeat(Base):
    __tablename__ = "lobby_seats"

    lobby_id: Mapped[str] = mapped_column(ForeignKey("lobbies.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    # Indexed: "the tables I sit at" (My games, the open-table limit) is asked by player.
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id"), nullable=True, index=True
    )
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    ready: Mapped[bool] = mapped_column(Boolean, default=False)

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow


class ChatMessage(Base):
    __tablename__ = "chat_messages"

    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[str] = mapped_column(String(32))
    text: Mapped[str | None] = mapped_column(String(300), nullable=True)
    reaction: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # "player": a line a player wrote or a reaction; "notice": the table speaking (a seat left
    # or came back), so no player can be made to look as if they said it.
    kind: Mapped[str] = mapped_column(String(16), default="player", server_default="player")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

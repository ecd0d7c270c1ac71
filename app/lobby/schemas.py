"""Request and response models of the lobby routes (what goes in, what goes out)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerRef(BaseModel):
    id: str
    name: str


class SeatPublic(BaseModel):
    seat: int
    player: PlayerRef | None
    bot: str | None
    ready: bool


class LobbyPublic(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    private: bool
    status: str = Field(description="open | started | closed")
    host_id: str
    seats: list[SeatPublic]
    match_id: str | None
    invite_code: str | None = Field(description="Shown to the lobby's members only")
    turn_seconds: int | None = Field(description="Seconds per decision; null: no timer")
    created_at: datetime


class LobbyCreate(Strict):
    game: str
    seats: int | None = Field(None, description="Number of seats; the game's minimum if omitted")
    options: dict[str, Any] = Field(default_factory=dict)
    private: bool = False
    turn_seconds: int | None = Field(
        None,
        ge=1,
        le=30 * 86400,
        description="Seconds per decision (days for slow play); null: no timer",
    )


class LobbyPatch(Strict):
    options: dict[str, Any] | None = None
    seats: int | None = None
    private: bool | None = None
    turn_seconds: int | None = Field(
        None, ge=0, le=30 * 86400, description="Seconds per decision; 0 turns the timer off"
    )


class JoinRequest(Strict):
    seat: int | None = None
    invite_code: str | None = None


class ReadyRequest(Strict):
    ready: bool = True


class BotRequest(Strict):
    bot: str = Field(description="A strategy listed for the game, e.g. 'random'")


class StartResponse(BaseModel):
    match_id: str

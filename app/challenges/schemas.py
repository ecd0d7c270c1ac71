"""Request and response models of the challenge routes."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from app.core.inputs import PlainText, RequestModel
from app.lobby.schemas import (
    OPTIONS_HELP,
    SLOW_CLOCK_HELP,
    TURN_SECONDS_MAX,
    PlayerRefPublic,
    SlowClock,
    SlowClockPublic,
)


class ChallengeCreate(RequestModel):
    to: PlainText = Field(max_length=64, description="The username of the account challenged")
    game: PlainText = Field(max_length=64, description="A game id from GET /api/v1/games")
    options: dict[str, Any] = Field(default_factory=dict, description=OPTIONS_HELP)
    rated: bool = Field(
        False,
        description="The result counts for both players' ratings (not for cooperative games: "
        "challenge/not_ratable)",
    )
    seat: int | None = Field(
        None,
        ge=0,
        le=1,
        description="The challenger's seat (0 moves first in every game; the colour); "
        "null: drawn at random when the challenge is accepted",
    )
    turn_seconds: int | None = Field(
        None, ge=1, le=TURN_SECONDS_MAX, description="Seconds per decision; null: no timer"
    )
    slow_clock: SlowClock | None = Field(None, description=SLOW_CLOCK_HELP)


class ChallengeDecline(RequestModel):
    reason: PlainText | None = Field(
        None, max_length=200, description="Told to the challenger as it is written"
    )


class ChallengePublic(BaseModel):
    id: str
    challenger: PlayerRefPublic
    recipient: PlayerRefPublic
    game: str
    options: dict[str, Any]
    rated: bool
    seat: int | None = Field(description="The challenger's seat; null: drawn at acceptance")
    turn_seconds: int | None
    slow_clock: SlowClockPublic | None = Field(
        None, description="A slow table's time per move and bank; null: not a slow table"
    )
    status: str = Field(description="open | accepted | declined | canceled | expired")
    decline_reason: str | None
    match_id: str | None = Field(description="The match an accepted challenge started")
    created_at: datetime
    expires_at: datetime
    direction: str = Field(description="in: sent to you; out: sent by you")


class ChallengeListPublic(BaseModel):
    incoming: list[ChallengePublic]
    outgoing: list[ChallengePublic]

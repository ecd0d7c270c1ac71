"""What the daily deal routes answer."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import BaseModel, Field


class DailyMissionPublic(BaseModel):
    key: str = Field(description="A stable id of the mission, e.g. two_rounds")
    text: str = Field(description="The mission in words")


class DailyResultPublic(BaseModel):
    """One player's result of a deal."""

    player_id: str
    name: str
    status: str = Field(description="playing | finished | resigned | aborted")
    scores: list[float] = Field(description="Every seat's score, the player's at `seat`")
    won: bool
    mission_met: bool = Field(description="The mission of the day met (without one: the win)")
    rank: int | None = Field(description="1 is the best; null while playing or if aborted")
    percentile: float | None = Field(
        description="The share of the other finished players this one beat (a tie counts "
        "half), 0-100; null while playing, or while nobody else has finished"
    )
    mine: bool = Field(description="The caller's own result")
    match_id: str | None = Field(
        description="The match, on the caller's own result only (the others' are private)"
    )


class DailyDealPublic(BaseModel):
    """A game's deal of the day, and where the caller stands with it."""

    game: str
    title: str
    day: date = Field(description="The deal's UTC day")
    players: int
    seat: int = Field(description="The player's seat; the bot plays the others")
    options: dict[str, Any]
    mission: DailyMissionPublic | None = Field(description="The team mission of the day (Duet)")
    finished: int = Field(description="How many players have finished this deal")
    yours: DailyResultPublic | None = Field(description="The caller's result; null if not started")


class DailyTodayPublic(BaseModel):
    day: date
    next_at: datetime = Field(description="When the next deals are dealt (midnight UTC)")
    deals: list[DailyDealPublic]


class DailyResultsPublic(BaseModel):
    game: str
    title: str
    day: date
    players: int
    seat: int
    options: dict[str, Any]
    mission: DailyMissionPublic | None
    finished: int
    results: list[DailyResultPublic] = Field(description="Best first; players still playing last")


class DailyStarted(BaseModel):
    match_id: str = Field(description="The match to play the deal in: open it at /match/{id}")
    created: bool = Field(description="False: the caller's unfinished match of this deal, again")

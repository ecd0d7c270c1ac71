"""The shapes of GET /api/v1/players/me/matches."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from app.matches.clock_schemas import TableClockPublic


class SeatRefPublic(BaseModel):
    seat: int
    name: str
    bot: str | None
    is_bot: bool = Field(False, description="The seat's player is a bot account")


class OutcomeBriefPublic(BaseModel):
    winners: list[int]
    scores: list[float]
    reason: str


class LastMovePublic(BaseModel):
    seat: int = Field(description="Whose move it was")
    text: str = Field(description="The public log line of it, as the log reads it to me")
    at: datetime


class MyMatchPublic(BaseModel):
    id: str
    game: str
    status: str = Field(description="active | finished | aborted")
    version: int
    seat: int = Field(description="My seat")
    seats: list[SeatRefPublic]
    my_turn: bool = Field(description="The match waits for my decision")
    to_act: list[int]
    deadline: datetime | None = Field(
        description="When the current decision times out (my own clock's end when it is my "
        "turn at a slow table)"
    )
    away: bool = Field(description="A bot plays my seat while I am away")
    clock: TableClockPublic | None = Field(
        None, description="A slow table's clocks, as the match's envelope has them"
    )
    last_move: LastMovePublic | None = Field(
        None, description="Another seat's latest move, as its public log line; null: none yet"
    )
    outcome: OutcomeBriefPublic | None = None
    won: bool | None = Field(None, description="Finished: whether my seat is among the winners")
    updated_at: datetime


class MyLobbyPublic(BaseModel):
    id: str
    game: str
    host: bool
    seats: int
    filled: int
    ready: bool = Field(description="My ready flag")
    private: bool
    updated_at: datetime


class MyGamesPublic(BaseModel):
    waiting: int = Field(description="How many active matches wait for my decision")
    active: list[MyMatchPublic] = Field(
        description="Mine to act first, the least time left first; then the others, the "
        "nearest deadline first"
    )
    lobbies: list[MyLobbyPublic] = Field(description="Open tables I sit at")
    finished: list[MyMatchPublic] = Field(description="Most recent first, one page")
    finished_total: int
    next_offset: int | None = Field(description="`offset` of the next page of finished ones")

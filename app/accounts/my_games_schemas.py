"""The shapes of GET /api/v1/players/me/matches."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class SeatRef(BaseModel):
    seat: int
    name: str
    bot: str | None


class OutcomeBrief(BaseModel):
    winners: list[int]
    scores: list[float]
    reason: str


class MyMatch(BaseModel):
    id: str
    game: str
    status: str = Field(description="active | finished | aborted")
    version: int
    seat: int = Field(description="My seat")
    seats: list[SeatRef]
    my_turn: bool = Field(description="The match waits for my decision")
    to_act: list[int]
    deadline: datetime | None = Field(description="When the current decision times out")
    away: bool = Field(description="A bot plays my seat while I am away")
    outcome: OutcomeBrief | None = None
    won: bool | None = Field(None, description="Finished: whether my seat is among the winners")
    updated_at: datetime


class MyLobby(BaseModel):
    id: str
    game: str
    host: bool
    seats: int
    filled: int
    ready: bool = Field(description="My ready flag")
    private: bool
    updated_at: datetime


class MyGames(BaseModel):
    waiting: int = Field(description="How many active matches wait for my decision")
    active: list[MyMatch] = Field(description="Mine to act first, nearest deadline first")
    lobbies: list[MyLobby] = Field(description="Open tables I sit at")
    finished: list[MyMatch] = Field(description="Most recent first, one page")
    finished_total: int
    next_offset: int | None = Field(description="`offset` of the next page of finished ones")

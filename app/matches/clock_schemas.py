"""The public shape of a slow table's clocks (in the envelope and in My games)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class PausePublic(BaseModel):
    start: datetime = Field(description="When the clock stops")
    until: datetime = Field(description="When it runs again")
    reason: str = Field(description="hours (outside the player's playing hours) | vacation")


class SeatClockPublic(BaseModel):
    seat: int
    bank_left: int = Field(
        description="Seconds left in the seat's bank, as of the start of its turn if it runs"
    )
    turn_started: datetime | None = Field(
        description="Since when the seat's current turn has been counted; null: not its turn"
    )
    turn_used: int = Field(
        description="Running seconds the turn had used before turn_started (a schedule change)"
    )
    deadline: datetime | None = Field(
        description="When the move's time and the bank will both be spent, pauses counted"
    )
    pauses: list[PausePublic] = Field(
        description="Every pause of the turn's clock from turn_started to the deadline: the "
        "time used by an instant is turn_used plus the time since turn_started minus these"
    )


class TableClockPublic(BaseModel):
    """A slow table's clocks. Time left at instant t for a seat whose turn runs: move_seconds
    + bank_left - used(t); the move's own time is spent first, then the bank."""

    move_seconds: int
    bank_seconds: int | None
    seats: list[SeatClockPublic]

"""Request and response models of the match routes."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from app.core.inputs import SEQ_MAX, PlainText, RequestModel
from app.matches.clock_schemas import TableClockPublic
from app.ratings.schemas import SeatRatingChangePublic


class SeatSummaryPublic(BaseModel):
    seat: int
    name: str
    player_id: str | None = Field(
        None, description="The seat's player (profile: /players/{id}); null for a bot's seat"
    )
    bot: str | None = Field(description="The strategy of the bot playing this seat, if any")
    away: bool = Field(False, description="A bot plays for this seat's absent player")
    is_bot: bool = Field(False, description="The seat's player is a bot account")
    resigned: bool = Field(
        False, description="The player resigned: a bot plays the seat on, and it ranks last"
    )
    connected: bool


class MatchSummaryPublic(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    status: str = Field(description="active | finished | aborted")
    version: int
    seats: list[SeatSummaryPublic]
    outcome: dict[str, Any] | None
    rating_changes: list[SeatRatingChangePublic] | None = Field(
        None,
        description="A finished rated match: each seat's rating before, after and the change, "
        "on the display scale (docs/ratings.md); null when the match moved no rating",
    )


class Envelope(BaseModel):
    """Everything one viewer may know about a match, projected by the game engine."""

    match_id: str
    game: str
    version: int
    status: str
    seat: int | None = Field(description="The caller's seat; null for a spectator")
    to_act: list[int]
    legal_actions: list[dict[str, Any]] = Field(
        description="The caller's legal actions, only while the caller is in to_act"
    )
    view: dict[str, Any]
    outcome: dict[str, Any] | None
    seats: list[SeatSummaryPublic]
    deadline: datetime | None
    clock: TableClockPublic | None = Field(
        None, description="A slow table's clocks (public, as a chess clock is); null elsewhere"
    )


class ActionRequest(RequestModel):
    action: dict[str, Any] = Field(description='The move, e.g. {"type": "play", "card": "bells-7"}')
    version: int | None = Field(
        None, ge=0, le=SEQ_MAX, description="The version the client acted on"
    )
    id: PlainText | None = Field(
        None, min_length=1, max_length=64, description="Idempotency key: applied once per seat"
    )


FORGOTTEN_ACTOR = "forgotten"
"""The actor of every entry of the forgotten part of a running match's log (see log_view)."""


class LogEntryPublic(BaseModel):
    seq: int = Field(
        description="The match version the entry's action produced; while the match runs, every "
        "entry up to the last step of a forgotten trick carries that step's version"
    )
    seat: int | None = Field(
        description="The seat that acted; null for an admin's abort and for forgotten entries"
    )
    actor: str = Field(description="player | bot | timeout | admin | forgotten")
    text: str
    data: dict[str, Any]
    private: bool = Field(
        description="Written for one seat: the caller's own during play; after the end anyone's, "
        "read by the others in the third person"
    )
    faded: bool = Field(
        False,
        description="The entry names cards the rules say nobody may look at any more (earlier "
        "tricks): its text is the faded form and its data is empty until the match ends",
    )
    at: datetime


class ReplayActionPublic(BaseModel):
    seq: int
    seat: int | None = Field(description="null for an admin's abort, the last step")
    action: dict[str, Any]
    actor: str
    at: datetime


class MatchLogPublic(BaseModel):
    match_id: str
    version: int
    entries: list[LogEntryPublic]
    forgotten_before: int = Field(
        0,
        description="Entries of episodes (tricks) below this read faded; when it grows, "
        "entries a client already shows may have faded: fetch the log again from after=0",
    )
    replay: list[ReplayActionPublic] | None = Field(
        None, description="After the end: every action in order, for a full replay"
    )

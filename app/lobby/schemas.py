"""Request and response models of the lobby routes (what goes in, what goes out)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from app.core.inputs import PlainText, RequestModel

TURN_SECONDS_MAX = 30 * 86400
MOVE_SECONDS_MIN = 3600
MOVE_SECONDS_MAX = 7 * 86400
BANK_SECONDS_MAX = 30 * 86400
SLOW_CLOCK_HELP = (
    "A slow table: a time per move and a time bank per player, in seconds of running clock "
    "(a player's clock stops outside their playing hours and during their vacation). When a "
    "move's time runs out the bank is drawn on; when both are spent the turn times out as on "
    "a timed table. Exclusive with turn_seconds (else lobby/clock_conflict)"
)


class SlowClock(RequestModel):
    move_seconds: int = Field(
        ge=MOVE_SECONDS_MIN, le=MOVE_SECONDS_MAX, description="Time per move (1 hour to 7 days)"
    )
    bank_seconds: int = Field(
        0, ge=0, le=BANK_SECONDS_MAX, description="Each player's time bank (up to 30 days)"
    )


class SlowClockPublic(BaseModel):
    move_seconds: int = Field(description="Time per move, in seconds of running clock")
    bank_seconds: int = Field(description="Each player's time bank at the start")


class PlayerRefPublic(BaseModel):
    id: str
    name: str
    is_bot: bool = Field(False, description="A bot account: a program plays it")


class SeatPublic(BaseModel):
    seat: int
    player: PlayerRefPublic | None
    bot: str | None
    ready: bool
    name: str | None = Field(
        None,
        description="Who sits here as the table will name them: the player's name, or the "
        "bot's ('Standard bot 2'); null for an empty seat",
    )


class LobbyPublic(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    private: bool
    rated: bool = Field(False, description="The result counts for the players' ratings")
    status: str = Field(description="open | started | closed")
    host_id: str
    seats: list[SeatPublic]
    match_id: str | None
    invite_code: str | None = Field(description="Shown to the lobby's members only")
    turn_seconds: int | None = Field(description="Seconds per decision; null: no timer")
    slow_clock: SlowClockPublic | None = Field(
        None, description="A slow table's time per move and bank; null: not a slow table"
    )
    created_at: datetime


OPTIONS_HELP = "The game's options, as its options_schema in GET /api/v1/games describes them"
RATED_HELP = (
    "The result counts for the players' ratings (Duet: the team's record per level). "
    "Only people sit at rated tables: a bot seat is refused with lobby/rated_no_bots"
)


class LobbyCreate(RequestModel):
    game: PlainText = Field(max_length=64, description="A game id from GET /api/v1/games")
    seats: int | None = Field(
        None,
        ge=1,
        description="Number of seats, within the game's min_players..max_players "
        "(else lobby/bad_options); the game's minimum if omitted",
    )
    options: dict[str, Any] = Field(default_factory=dict, description=OPTIONS_HELP)
    private: bool = False
    rated: bool = Field(False, description=RATED_HELP)
    turn_seconds: int | None = Field(
        None,
        ge=1,
        le=TURN_SECONDS_MAX,
        description="Seconds per decision (days for slow play); null: no timer",
    )
    slow_clock: SlowClock | None = Field(None, description=SLOW_CLOCK_HELP)


class LobbyPatch(RequestModel):
    options: dict[str, Any] | None = Field(None, description=OPTIONS_HELP)
    seats: int | None = Field(None, ge=1, description="As in LobbyCreate")
    private: bool | None = None
    rated: bool | None = Field(None, description=RATED_HELP)
    turn_seconds: int | None = Field(
        None, ge=0, le=TURN_SECONDS_MAX, description="Seconds per decision; 0 turns the timer off"
    )
    slow_clock: SlowClock | None = Field(
        None, description=SLOW_CLOCK_HELP + "; an explicit null makes the table not slow"
    )


class JoinRequest(RequestModel):
    seat: int | None = Field(
        None, ge=0, description="A free seat of this table (else lobby/bad_options); any if null"
    )
    invite_code: PlainText | None = Field(
        None, max_length=64, description="The code of a private table's invite link"
    )


class ReadyRequest(RequestModel):
    ready: bool = True


class BotRequest(RequestModel):
    bot: PlainText = Field(
        max_length=32, description="A strategy listed for the game, e.g. 'random'"
    )


class FillRequest(RequestModel):
    bot: PlainText = Field(
        max_length=32, description="The strategy of the bots put in every empty seat"
    )


class StartPublic(BaseModel):
    match_id: str


class LobbyPage(BaseModel):
    lobbies: list[LobbyPublic]
    next: str | None = Field(
        description="Cursor of the next page (pass it as `cursor`); null on the last page"
    )

"""Response models of the replay and export routes of a match that is over."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from app.matches.schemas import Envelope, ReplayActionPublic


class ReplayMarkPublic(BaseModel):
    step: int = Field(description="The first step of this part of the match")
    label: str = Field(description='"Round 2", "Phase 2", "Turn 7"...')


class ReplayIndexPublic(BaseModel):
    match_id: str
    game: str
    status: str = Field(description="finished | aborted")
    steps: int = Field(description="Steps 0 (the deal) to `steps` (the end)")
    marks: list[ReplayMarkPublic] = Field(description="Where each round (or phase, or turn) begins")


class ReplayStepPublic(BaseModel):
    match_id: str
    game: str
    step: int
    steps: int
    mark: str | None = Field(description="The round, phase or turn this step is in")
    action: ReplayActionPublic | None = Field(description="The action that led to this step")
    views: list[Envelope] = Field(description="Each seat's envelope at this step, by seat")
    spectator: Envelope = Field(description="A spectator's envelope at this step")


class ExportSeatPublic(BaseModel):
    seat: int
    name: str
    player_id: str | None
    bot: str | None


class MatchExportPublic(BaseModel):
    """A match that is over, as one document: replaying `actions` from
    `setup(players, options, seed)` (or `start_state` when set) with the engine of `game` at
    `engine_version` gives a state whose encoding hashes to `final_state_sha256`, and `outcome`."""

    format: str = Field(description='"foxden-match/1"')
    match_id: str
    game: str
    engine_version: int
    options: dict[str, Any]
    players: int
    seed: int = Field(description="The match's seed, published once the match is over")
    seats: list[ExportSeatPublic]
    actions: list[ReplayActionPublic] = Field(
        description="Every step in order; a null seat is an admin's abort, which ends the match"
    )
    status: str
    outcome: dict[str, Any] | None
    final_state_sha256: str = Field(description="sha256 of the engine's JSON of the final state")
    finished_at: datetime
    start_state: dict[str, Any] | None = Field(
        description="The engine's JSON of the first state of a match that did not begin with "
        "a deal (a practice table played on from another match): replay from it instead of "
        "`setup`. Null for every other match"
    )

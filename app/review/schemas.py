"""Request and response models of the review routes."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from app.core.inputs import SEQ_MAX, RequestModel


class VerdictPublic(BaseModel):
    step: int = Field(description="The replay step the decision was taken at (the table then)")
    seq: int = Field(description="The replay step its action led to (`step` + 1)")
    actor: str = Field(description="Who took it for the seat: player | bot | timeout")
    made: dict[str, Any] = Field(description="The action taken")
    value: float = Field(description="Its expected result for the seat, in [0, 1]")
    best: dict[str, Any] = Field(description="The best action the search found (may be `made`)")
    best_value: float = Field(description="The best action's expected result, in [0, 1]")
    cost: float = Field(description="`best_value` - `value`, never below 0")
    flag: str | None = Field(description="inaccuracy | mistake | null (docs/review.md)")
    alternatives: int = Field(description="How many actions were weighed")


class ThresholdsPublic(BaseModel):
    inaccuracy: float = Field(description="A cost from this is an inaccuracy")
    mistake: float = Field(description="A cost from this is a mistake")
    scale: str = Field(description="What a difference of expected result means in this game")


class ReviewResultPublic(BaseModel):
    format: str = Field(description='"foxden-review/1"')
    match_id: str
    game: str
    seat: int
    iterations: int = Field(description="Search iterations per decision")
    thresholds: ThresholdsPublic
    inaccuracies: int
    mistakes: int
    decisions: list[VerdictPublic] = Field(description="Every decision of the seat, in order")


class ReviewPublic(BaseModel):
    match_id: str
    seat: int
    status: str = Field(description="none (not asked yet) | queued | running | done | failed")
    done: int = Field(description="Decisions weighed so far")
    total: int | None = Field(description="The seat's decisions, once the worker has counted them")
    error: str | None = Field(None, description="Why it failed (status failed)")
    review: ReviewResultPublic | None = Field(None, description="The review (status done)")


class PracticeRequest(RequestModel):
    step: int = Field(
        ge=0, le=SEQ_MAX, description="A replay step at which the seat had a choice to make"
    )


class PracticePublic(BaseModel):
    match_id: str = Field(description="The practice match: the caller plays the seat")

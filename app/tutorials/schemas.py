"""What the Learn to play routes take and answer."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from app.core.inputs import PlainText


class TutorialStart(BaseModel):
    game: PlainText = Field(max_length=64, description="A game id from GET /api/v1/games")


class TutorialStarted(BaseModel):
    match_id: str = Field(description="The guided match: open it at /match/{match_id}")


class TutorialStepPublic(BaseModel):
    """Where the guided match stands, for its learner: the coach's words and what to do."""

    game: str
    learner: int = Field(description="The learner's seat")
    step: int | None = Field(
        description="The next step of the script, from 0; null once the match left the script"
    )
    steps: int = Field(description="How many steps the script has")
    finished: bool = Field(description="Every step is played: the coach says farewell")
    welcome: str = Field(description="The coach's first words, said until the learner's first move")
    greeting: bool = Field(description="The learner has not moved yet: the welcome is due")
    farewell: str = Field(description="The coach's last words, once every step is played")
    said: str = Field(
        description="What the coach says of the bot's last scripted move (empty if the last "
        "step was the learner's)"
    )
    coach: str = Field(description="The coach's line for the next step")
    points_at: str = Field(description="A CSS selector of the element the line is about")
    asked: dict[str, Any] | None = Field(
        description="The move the learner is asked for now (exactly as it must be sent); "
        "null while the bot is to move, or once the script is over"
    )

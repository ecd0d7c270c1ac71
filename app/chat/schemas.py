"""The chat's vocabulary and its request and response models."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from app.core.inputs import PlainText, RequestModel
from app.core.names import ChatText

NOTICE = "notice"
REACTIONS = {"nice": "Nice!", "oops": "Oops", "good_luck": "Good luck"}


class ChatTextPost(RequestModel):
    text: ChatText


class ChatReactionPost(RequestModel):
    reaction: PlainText = Field(
        max_length=16,
        # Only in the schema: any other value gets the documented 422 chat/not_allowed.
        json_schema_extra={"enum": list(REACTIONS)},
        description="One of: " + ", ".join(REACTIONS),
    )


# Either a text or a reaction, never both: each shape refuses the other's field.
ChatPost = ChatTextPost | ChatReactionPost


class ChatMessagePublic(BaseModel):
    seq: int
    seat: int
    name: str
    text: str
    reaction: str | None
    at: datetime
    kind: Literal["player", "notice"] = Field(
        "player",
        description="player: what the player in `seat` wrote (or a reaction); notice: the "
        "table telling everyone about `seat` (left, came back), `text` a whole sentence",
    )


class ChatLogPublic(BaseModel):
    messages: list[ChatMessagePublic]
    reactions: list[str]
    free_chat: bool

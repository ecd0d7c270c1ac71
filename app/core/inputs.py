"""What request bodies and parameters are made of: strict types, storable text, ids.

Strict models refuse `{"ready": 0}` or `{"seat": "1"}` instead of guessing what was meant, and
no text that reaches the database may hold NUL (Postgres cannot store it in a text column).
Every bound is declared on the type, so /openapi.json states what the server refuses.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query
from pydantic import BaseModel, ConfigDict, Field

# Sequence numbers (match versions, chat messages) are 32-bit integer columns on Postgres.
SEQ_MAX = 2**31 - 1
# Every id column is this wide (ids are 24 hex digits): a longer one can name nothing.
ID_MAX = 32
GAME_ID_MAX = 64
NO_NUL = r"^[^\x00]*$"
"""Any text but NUL. In a path or query string the request guard refuses NUL first."""


class RequestModel(BaseModel):
    """A request body: unknown fields and loosely typed values are refused (400)."""

    model_config = ConfigDict(extra="forbid", strict=True)


PlainText = Annotated[str, Field(pattern=NO_NUL)]

After = Annotated[
    int, Query(ge=0, le=SEQ_MAX, description="Only items with a sequence number after this one")
]
LobbyId = Annotated[str, Path(max_length=ID_MAX, pattern=NO_NUL, description="A table's id")]
MatchId = Annotated[str, Path(max_length=ID_MAX, pattern=NO_NUL, description="A match's id")]
PlayerId = Annotated[str, Path(max_length=ID_MAX, pattern=NO_NUL, description="A player's id")]
GameId = Annotated[
    str, Path(max_length=GAME_ID_MAX, pattern=NO_NUL, description="A game id from /api/v1/games")
]
GameFilter = Annotated[
    str | None, Query(max_length=GAME_ID_MAX, pattern=NO_NUL, description="Only this game's")
]

"""What request bodies and parameters are made of: strict types and storable text.

Strict models refuse `{"ready": 0}` or `{"seat": "1"}` instead of guessing what was meant, and
no text that reaches the database may hold NUL (Postgres cannot store it in a text column).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query
from pydantic import AfterValidator, BaseModel, ConfigDict

# Sequence numbers (match versions, chat messages) are 32-bit integer columns on Postgres.
SEQ_MAX = 2**31 - 1


class RequestModel(BaseModel):
    """A request body: unknown fields and loosely typed values are refused (400)."""

    model_config = ConfigDict(extra="forbid", strict=True)


def _without_nul(text: str) -> str:
    if "\x00" in text:
        raise ValueError("text may not contain the NUL character")
    return text


PlainText = Annotated[str, AfterValidator(_without_nul)]

After = Annotated[
    int, Query(ge=0, le=SEQ_MAX, description="Only items with a sequence number after this one")
]

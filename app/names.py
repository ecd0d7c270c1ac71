"""Display names: 1-32 printable characters, trimmed."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator


def _printable(name: str) -> str:
    name = name.strip()
    if not 1 <= len(name) <= 32:
        raise ValueError("a name has 1 to 32 characters")
    if not name.isprintable():
        raise ValueError("a name has only printable characters")
    return name


DisplayName = Annotated[str, AfterValidator(_printable)]

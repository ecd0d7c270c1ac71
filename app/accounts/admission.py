"""A request's place in the hashing pool, taken at the door: the first thing a claim, sign-in or
password change does, so a flood beyond the pool is refused before any query or strength check."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends

from app.accounts.passwords import HashingSlot
from app.web.deps import ContextDep


async def hashing_slot(context: ContextDep) -> AsyncIterator[HashingSlot]:
    # Async, so FastAPI runs it on the event loop (a plain generator would run in a thread,
    # and the pool's count is the loop's); the slot is given back, or handed to the hash
    # still running, when the request is answered.
    with context.hashing.admission() as slot:
        yield slot


HashingSlotDep = Annotated[HashingSlot, Depends(hashing_slot)]

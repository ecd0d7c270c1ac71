"""A process's drain before it stops: sockets finish the action they are handling, answer
it, and close with 1012 (service restart) so their clients reconnect, to another process
behind the proxy or to this one once it is back; event streams end with a short `retry:`.

app/server/shutdown.py starts the drain on SIGTERM and lets the server stop once it is done.
"""

from __future__ import annotations

import asyncio


class Drain:
    def __init__(self) -> None:
        self._started = asyncio.Event()
        self._busy = 0  # sockets handling a frame right now
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def draining(self) -> bool:
        return self._started.is_set()

    def begin(self) -> None:
        self._started.set()

    async def started(self) -> None:
        await self._started.wait()

    def enter(self) -> None:
        self._busy += 1
        self._idle.clear()

    def leave(self) -> None:
        self._busy -= 1
        if self._busy == 0:
            self._idle.set()

    async def settled(self, seconds: float) -> bool:
        """Wait (at most `seconds`) until no socket is handling a frame; True if none is."""
        try:
            async with asyncio.timeout(seconds):
                await self._idle.wait()
        except TimeoutError:
            return False
        return True

"""Local fan-out: sockets and streams of this process wait here for their topic to change.

A listener keeps only the newest message: a slow socket that missed versions 12 and 13 just
wakes up to 14 and sends the current envelope (versions only increase).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager


class Listener:
    def __init__(self) -> None:
        self._latest: str | None = None
        self._event = asyncio.Event()

    def notify(self, message: str) -> None:
        self._latest = message
        self._event.set()

    async def next(self) -> str:
        await self._event.wait()
        self._event.clear()
        message, self._latest = self._latest, None
        return message or ""


class Hub:
    def __init__(self) -> None:
        self._listeners: dict[str, set[Listener]] = {}

    def deliver(self, topic: str, message: str) -> None:
        for listener in list(self._listeners.get(topic, ())):
            listener.notify(message)

    @contextmanager
    def listen(self, topic: str) -> Iterator[Listener]:
        listener = Listener()
        self._listeners.setdefault(topic, set()).add(listener)
        try:
            yield listener
        finally:
            listeners = self._listeners.get(topic)
            if listeners is not None:
                listeners.discard(listener)
                if not listeners:
                    del self._listeners[topic]

    def count(self) -> int:
        return sum(len(listeners) for listeners in self._listeners.values())

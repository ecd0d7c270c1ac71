"""Local fan-out: sockets and streams of this process wait here for their topic to change.

A listener keeps only the newest message of each kind (`messages.kind_of`): a slow socket that
missed versions 12 and 13 just wakes up to 14 and sends the current envelope (versions only
increase). The hub carries the wire texts of app/realtime/messages.py, as the broker does.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

from app.realtime.messages import Known, kind_of, read


class Listener:
    """Pending messages of one socket, coalesced by kind (version, presence, chat...)."""

    def __init__(self) -> None:
        self._pending: dict[str, str] = {}
        self._event = asyncio.Event()

    def notify(self, message: str) -> None:
        self._pending[kind_of(message)] = message
        self._event.set()

    async def next(self) -> list[str]:
        """Every kind of message that arrived since the last call, newest of each kind."""
        await self._event.wait()
        self._event.clear()
        messages, self._pending = list(self._pending.values()), {}
        return messages

    async def messages(self) -> list[Known]:
        """The same, read: what a socket or a stream acts on. Unknown kinds are skipped (a
        newer process's, during a rolling restart): a wake-up that brought only those waits on."""
        while True:
            known = read(await self.next())
            if known:
                return known


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

    def topics(self) -> list[str]:
        return list(self._listeners)

    def count(self) -> int:
        return sum(len(listeners) for listeners in self._listeners.values())

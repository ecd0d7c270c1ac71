"""Local fan-out: sockets and streams of this process wait here for their topic to change.

A listener keeps only the newest message of each kind (`messages.kind_of`): a slow socket that
missed versions 12 and 13 just wakes up to 14 and sends the current envelope (versions only
increase). The hub carries the wire texts of app/realtime/messages.py, as the broker does.

The hub tells its follower (the broker) when a topic gets its first listener here and when it
loses its last: a process hears a match's messages only while someone here watches it, so an
added process does not add the work of every other process's moves (docs/performance.md).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from app.realtime.messages import Known, kind_of, read

# A subscription not confirmed by then counts as made: the broker's outage handling (a silent
# subscription reconnects, and a resync has every socket read its match again) covers the rest.
FOLLOW_SECONDS = 3.0


class Follower(Protocol):
    def follow(self, topic: str) -> asyncio.Future[None]:
        """Start hearing `topic`: done once its messages reach this process."""
        ...

    def unfollow(self, topic: str) -> None: ...


class Everything:
    """A follower for a broker that hears every topic anyway (the in-process one)."""

    def follow(self, topic: str) -> asyncio.Future[None]:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done

    def unfollow(self, topic: str) -> None:
        pass


class Listener:
    """Pending messages of one socket, coalesced by kind (version, presence, chat...)."""

    def __init__(self, heard: asyncio.Future[None] | None = None) -> None:
        self._pending: dict[str, str] = {}
        self._event = asyncio.Event()
        self._heard = heard  # None: its topic was heard already

    async def subscribed(self) -> bool:
        """Wait until this process hears the topic. True when it did not hear it before this
        listener came: a change made meanwhile may not have been heard, so read it again."""
        if self._heard is None or self._heard.done():
            return False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._heard), FOLLOW_SECONDS)
        return True

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
    def __init__(self, follower: Follower | None = None) -> None:
        self._listeners: dict[str, set[Listener]] = {}
        self._heard: dict[str, asyncio.Future[None]] = {}  # per topic listened to: since when
        self._follower = follower or Everything()

    def deliver(self, topic: str, message: str) -> None:
        for listener in list(self._listeners.get(topic, ())):
            listener.notify(message)

    @contextmanager
    def listen(self, topic: str) -> Iterator[Listener]:
        if topic not in self._listeners:
            self._heard[topic] = self._follower.follow(topic)
        listener = Listener(self._heard[topic])
        self._listeners.setdefault(topic, set()).add(listener)
        try:
            yield listener
        finally:
            listeners = self._listeners.get(topic)
            if listeners is not None:
                listeners.discard(listener)
                if not listeners:
                    del self._listeners[topic]
                    del self._heard[topic]
                    self._follower.unfollow(topic)

    def topics(self) -> list[str]:
        return list(self._listeners)

    def count(self) -> int:
        return sum(len(listeners) for listeners in self._listeners.values())

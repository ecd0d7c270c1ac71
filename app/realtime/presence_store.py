"""Where presence counts live: one small interface with two twins, apart from the broker.

`MemoryPresenceStore` counts inside one process; `RedisPresenceStore` sums every process's
counts in Redis, on a connection of its own. Each process counts its own sockets, and its
counts only count while its liveness key (refreshed by `keep_alive`) lives: the sockets of a
process that died stop counting once that key expires. The keys are those of the first
release (`foxden:presence:match:<id>`, `foxden:alive:<process>`): during a rolling restart an
old and a new process read each other's counts.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar, cast

from app.realtime.broker import PREFIX, redis_client, uncounted
from app.realtime.messages import match_topic

_R = TypeVar("_R")
_P = ParamSpec("_P")
_Method = Callable[Concatenate["RedisPresenceStore", _P], Coroutine[Any, Any, _R]]
ALIVE = PREFIX + "alive:"
OPERATION = "presence"  # the failures' label in foxden_broker_errors_total (app/ops/instrument.py)


class PresenceStore(Protocol):
    async def add(self, match_id: str, seat: int, delta: int) -> int: ...  # this process's count
    async def counts(self, match_id: str) -> dict[int, int]: ...
    async def keep_alive(self, seconds: float) -> None: ...
    async def close(self) -> None: ...


class MemoryPresenceStore:
    def __init__(self) -> None:
        self._counts: dict[str, dict[int, int]] = {}

    async def add(self, match_id: str, seat: int, delta: int) -> int:
        seats = self._counts.setdefault(match_id, {})
        seats[seat] = max(0, seats.get(seat, 0) + delta)
        return seats[seat]

    async def counts(self, match_id: str) -> dict[int, int]:
        return dict(self._counts.get(match_id, {}))

    async def keep_alive(self, seconds: float) -> None:
        """Nothing to refresh: in one process, the counts die with the sockets they count."""

    async def close(self) -> None:
        """Nothing to let go of."""


def _counted(method: _Method[_P, _R]) -> _Method[_P, _R]:
    """A failure of the decorated call is told to `failed`, then raised as before."""

    async def counted(store: RedisPresenceStore, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return await method(store, *args, **kwargs)
        except Exception:
            store.failed(OPERATION)
            raise

    return counted


class RedisPresenceStore:
    def __init__(self, url: str) -> None:
        self._redis = redis_client(url)
        self._process = uuid.uuid4().hex
        # This process's own counts: what it writes again if its liveness key ever lapsed.
        self._local: dict[str, dict[int, int]] = {}
        # Told the operation of every failure (the metrics hook: app/ops/instrument.py).
        self.failed: Callable[[str], None] = uncounted

    @_counted
    async def add(self, match_id: str, seat: int, delta: int) -> int:
        """Returns this process's new count for the seat (a flip 0 <-> 1 is what others see)."""
        seats = self._local.setdefault(match_id, {})
        count = seats[seat] = max(0, seats.get(seat, 0) + delta)
        if not count:
            del seats[seat]
            if not seats:
                del self._local[match_id]
        # An increment, not the new count: concurrent changes may reach Redis in any order.
        await self._redis.hincrby(_key(match_id), f"{self._process}:{seat}", delta)
        return count

    @_counted
    async def counts(self, match_id: str) -> dict[int, int]:
        """Seat counts summed over the processes still alive; a dead one's counts are dropped."""
        key = _key(match_id)
        # decode_responses=True: Redis hands back str, whatever the stubs say.
        raw = cast(dict[str, str], await self._redis.hgetall(key))
        alive = await self._alive({_process_of(field) for field in raw})
        dead = [field for field in raw if _process_of(field) not in alive]
        if dead:
            await self._redis.hdel(key, *dead)
        seats: dict[int, int] = {}
        for field, count in raw.items():
            if _process_of(field) in alive:
                seat = int(field.rpartition(":")[2])
                seats[seat] = seats.get(seat, 0) + max(0, int(count))
        return seats

    async def _alive(self, processes: set[str]) -> set[str]:
        if not processes:
            return set()
        ordered = sorted(processes)
        keys = await self._redis.mget([ALIVE + process for process in ordered])
        return {process for process, key in zip(ordered, keys, strict=True) if key}

    @_counted
    async def keep_alive(self, seconds: float) -> None:
        """Keep this process's counts alive `seconds` more. If the key had lapsed, a reader may
        have dropped them as dead: write them again."""
        key = ALIVE + self._process
        previous = await self._redis.set(key, "1", px=max(1, int(seconds * 1000)), get=True)
        if previous is None and self._local:
            async with self._redis.pipeline(transaction=True) as pipe:
                for match_id, seats in self._local.items():
                    for seat, count in seats.items():
                        pipe.hset(_key(match_id), f"{self._process}:{seat}", count)
                await pipe.execute()

    async def close(self) -> None:
        await self._redis.aclose()


def _key(match_id: str) -> str:
    return _presence_key(match_topic(match_id))


def _presence_key(topic: str) -> str:
    return PREFIX + "presence:" + topic


def _process_of(field: str) -> str:
    """The process of a presence field "<process>:<seat>"."""
    return field.rpartition(":")[0]


def make_presence_store(redis_url: str) -> PresenceStore:
    """Redis when the processes share one (FOXDEN_REDIS_URL), as the broker is chosen."""
    return RedisPresenceStore(redis_url) if redis_url else MemoryPresenceStore()

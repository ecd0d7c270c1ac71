"""Password hashing with Argon2id (argon2-cffi), on a small pool of threads of its own.

argon2-cffi is the maintained binding of the reference Argon2 implementation; its defaults are
RFC 9106's low-memory profile (64 MiB, 3 passes), which makes each guess costly for anyone
holding a leaked table. One hash takes ~50-150 ms of CPU, so it runs off the event loop (the
binding releases the GIL): a sign-in never stalls the moves other players are making.

The pool is bounded: `HASH_THREADS` hashes run at once and `HASH_QUEUE` more may wait. A claim,
sign-in or password change takes its place in the pool at the door (`admission`), before its
database reads and its password-strength check, and beyond the bound is refused at once with
`429 rate/limited`: a flood of them then costs the process one low-priority core's worth of
hashing and a few cheap refusals, instead of a queue of seconds that every other request waits
behind, or 200 strength checks and 400 queries for hashes that would be refused anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from prometheus_client import Counter

from app.core.errors import ApiError

HASHER = PasswordHasher()
# Verified against when a username is unknown, so "no such user" takes as long as "wrong
# password" and the answer time does not tell which usernames exist.
_DECOY = HASHER.hash("decoy password: matches no account")

# One thread, at the lowest priority: on the reference machine (2 cores) a second hashing thread
# took the core the event loop needed, and a flood of claims from many addresses cost a
# bystander's reads 80x their quiet p99 (docs/reliability.md, "A flood of account claims").
HASH_THREADS = 1
# Waiting hashes: 6 behind one thread wait under a second, so a refused client retries into a
# pool that has room again.
HASH_QUEUE = 6
RETRY_SECONDS = 1

Result = TypeVar("Result")
LOWEST_PRIORITY = 19  # nice


def lowest_priority() -> None:
    """Run this thread at the lowest priority (Linux keeps a nice value per thread): when the
    event loop wants a core the scheduler gives it, so a flood of hashes slows the hashes, not
    every other request of the process."""
    with contextlib.suppress(OSError, AttributeError):  # not Linux: an ordinary thread
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), LOWEST_PRIORITY)


class HashingSlot:
    """One request's place in the hashing pool: its hashes run on the pool's thread."""

    def __init__(self, pool: ThreadPoolExecutor) -> None:
        self._pool = pool
        self._last: asyncio.Future[Any] | None = None

    async def hash(self, password: str) -> str:
        return await self._run(HASHER.hash, password)

    async def matches(self, stored_hash: str | None, password: str) -> bool:
        """Whether `password` is the one `stored_hash` was made from (None: the decoy)."""
        return await self._run(_verify, stored_hash, password)

    def when_done(self, release: Callable[[], None]) -> None:
        """Call `release` once no hash of this slot runs: a hash already started runs to its end
        (a client that hangs up cannot stop a thread), and the slot is counted until then."""
        if self._last is None or self._last.done():
            release()
        else:
            self._last.add_done_callback(lambda _job: release())

    async def _run(self, work: Callable[..., Result], *args: str | None) -> Result:
        job = asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
        self._last = job
        return await asyncio.shield(job)


class PasswordHashing:
    """This process's hashing pool; `refused` counts requests turned away because it was full."""

    def __init__(self, refused: Counter) -> None:
        self._pool = ThreadPoolExecutor(
            HASH_THREADS, thread_name_prefix="argon2", initializer=lowest_priority
        )
        self._admitted = 0  # requests holding a slot: hashing, waiting, or about to hash
        self._refused = refused

    @contextlib.contextmanager
    def admission(self) -> Iterator[HashingSlot]:
        """A slot for one request, or 429 at once when the pool is full."""
        if self._admitted >= HASH_THREADS + HASH_QUEUE:
            self._refused.inc()
            raise ApiError(
                "rate/limited",
                f"The server is busy checking passwords: try again in {RETRY_SECONDS} s.",
                headers={"Retry-After": str(RETRY_SECONDS)},
            )
        self._admitted += 1
        slot = HashingSlot(self._pool)
        try:
            yield slot
        finally:
            slot.when_done(self._release)

    def _release(self) -> None:
        self._admitted -= 1


def _verify(stored_hash: str | None, password: str) -> bool:
    try:
        HASHER.verify(stored_hash or _DECOY, password)
    except (VerificationError, InvalidHashError):
        return False
    return stored_hash is not None


def needs_rehash(stored_hash: str) -> bool:
    """Whether the hash was made with weaker parameters than today's (rehash at sign-in)."""
    return HASHER.check_needs_rehash(stored_hash)

"""A token bucket per caller, in process: cheap protection against floods.

Each process limits on its own; behind a load balancer the effective limit is per process,
which still stops a runaway client without a network hop on every request.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Charge:
    """What one request drew from its bucket, for the client's `RateLimit` header."""

    retry_after: int  # 0: allowed (and charged); else seconds until one request would be
    remaining: int  # whole requests left in the bucket now
    reset: int  # seconds until the bucket is full again


class RateLimiter:
    """One bucket per key: callers choose keys ("player:<id>", "ip:<address>") so that every
    route and socket of one player draws on the same bucket."""

    def __init__(
        self,
        per_minute: int,
        burst: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst if burst is not None else max(10, per_minute // 6))
        self._buckets: dict[str, tuple[float, float]] = {}
        self._clock = clock  # injectable, so a test can freeze refills and count exactly

    @property
    def window(self) -> int:
        """Seconds an empty bucket takes to fill: the window in which `burst` requests fit."""
        return math.ceil(self.burst / self.rate)

    def retry_after(self, key: str) -> int:
        """0 if `key` may go on now (and is charged), else seconds to wait."""
        return self.charge(key).retry_after

    def charge(self, key: str) -> Charge:
        """Draw one request for `key` if its bucket allows, and say what is left."""
        now = self._clock()
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        wait = 0
        if tokens >= 1.0:
            tokens -= 1.0
            self._forget_idle(now)
        else:
            wait = max(1, math.ceil((1.0 - tokens) / self.rate))
        self._buckets[key] = (tokens, now)
        return Charge(wait, math.floor(tokens), math.ceil((self.burst - tokens) / self.rate))

    def _forget_idle(self, now: float) -> None:
        # A full bucket carries no information: drop those once the table grows.
        if len(self._buckets) > 50_000:
            full_after = self.burst / self.rate
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < full_after}

"""A token bucket per caller, in process: cheap protection against floods.

Each process limits on its own; behind a load balancer the effective limit is per process,
which still stops a runaway client without a network hop on every request.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable


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

    def retry_after(self, key: str) -> int:
        """0 if `key` may go on now (and is charged), else seconds to wait."""
        now = self._clock()
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            self._forget_idle(now)
            return 0
        self._buckets[key] = (tokens, now)
        return max(1, math.ceil((1.0 - tokens) / self.rate))

    def _forget_idle(self, now: float) -> None:
        # A full bucket carries no information: drop those once the table grows.
        if len(self._buckets) > 50_000:
            full_after = self.burst / self.rate
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < full_after}

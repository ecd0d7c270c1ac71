"""Process metrics in the Prometheus text format."""

from __future__ import annotations

import bisect
import time
from collections import deque

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Histogram:
    def __init__(self) -> None:
        self.counts = [0] * (len(LATENCY_BUCKETS) + 1)
        self.total = 0.0
        self.n = 0

    def observe(self, seconds: float) -> None:
        self.counts[bisect.bisect_left(LATENCY_BUCKETS, seconds)] += 1
        self.total += seconds
        self.n += 1


class Metrics:
    def __init__(self) -> None:
        self.counters: dict[str, float] = {}
        self.gauges: dict[str, float] = {}
        self.histograms: dict[str, Histogram] = {}
        self._recent_actions: deque[float] = deque()

    def count(self, name: str, amount: float = 1.0) -> None:
        self.counters[name] = self.counters.get(name, 0.0) + amount

    def gauge(self, name: str, delta: float) -> None:
        self.gauges[name] = self.gauges.get(name, 0.0) + delta

    def observe(self, name: str, seconds: float) -> None:
        self.histograms.setdefault(name, Histogram()).observe(seconds)

    def action_committed(self, seconds: float) -> None:
        self.count("foxden_actions_total")
        self.observe("foxden_action_seconds", seconds)
        now = time.monotonic()
        self._recent_actions.append(now)
        self._trim(now)

    def actions_last_minute(self) -> int:
        self._trim(time.monotonic())
        return len(self._recent_actions)

    def _trim(self, now: float) -> None:
        while self._recent_actions and self._recent_actions[0] < now - 60:
            self._recent_actions.popleft()

    def render(self, extra_gauges: dict[str, float] | None = None) -> str:
        lines: list[str] = []
        for name, value in sorted(self.counters.items()):
            lines += [f"# TYPE {name} counter", f"{name} {value:g}"]
        for name, value in sorted({**self.gauges, **(extra_gauges or {})}.items()):
            lines += [f"# TYPE {name} gauge", f"{name} {value:g}"]
        for name, histogram in sorted(self.histograms.items()):
            lines.append(f"# TYPE {name} histogram")
            cumulative = 0
            for bound, count in zip((*LATENCY_BUCKETS, "+Inf"), histogram.counts, strict=True):
                cumulative += count
                lines.append(f'{name}_bucket{{le="{bound}"}} {cumulative}')
            lines += [f"{name}_sum {histogram.total:g}", f"{name}_count {histogram.n}"]
        return "\n".join(lines) + "\n"

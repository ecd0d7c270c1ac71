"""The app's Prometheus metrics, kept by the maintained client library (`prometheus-client`).

One process: the figures live in this app instance's own registry, so every app built in a
process (tests build many) counts only its own. Several workers (`foxden serve --workers N` sets
PROMETHEUS_MULTIPROC_DIR before they start): the library writes every worker's values to files
in that directory, and a scrape of any worker reads and sums them all (`scrape.py`).

The move pipeline calls `action_committed` or `action_refused` once per move: a counter and a
histogram, nothing more, because it runs for every move of every match.
"""

from __future__ import annotations

import os
import time
from collections import deque
from contextlib import AbstractContextManager

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    disable_created_metrics,
)
from prometheus_client import multiprocess as multiprocess_files

# The figures are sums and rates; `_created` series would double the output for nothing.
disable_created_metrics()  # type: ignore[no-untyped-call]

MULTIPROCESS_DIR = "PROMETHEUS_MULTIPROC_DIR"
# A move commits in 1-5 ms when all is well; a queue behind a slow disk or database shows in
# the 25-250 ms buckets, and anything past a second is an outage in the making.
ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
SWEEP_BUCKETS = (0.001, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 30.0)
SOCKET_KINDS = ("match", "lobby", "stream")


def multiprocess() -> bool:
    """True when the library writes to files shared by several worker processes."""
    return bool(os.environ.get(MULTIPROCESS_DIR))


def worker_exited() -> None:
    """A worker that shuts down takes its live gauges (open sockets) with it; its counters stay
    in the sum."""
    if multiprocess():
        multiprocess_files.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        if not multiprocess():  # a process's own memory and CPU mean nothing summed
            ProcessCollector(registry=self.registry)
        register = self.registry
        self.actions = Counter(
            "foxden_actions", "Actions applied and committed.", registry=register
        )
        self.refusals = Counter(
            "foxden_action_refusals",
            "Actions refused, by error code (API.md).",
            ["code"],
            registry=register,
        )
        self.action_seconds = Histogram(
            "foxden_action_seconds",
            "Time from a move reaching the server to its commit.",
            buckets=ACTION_BUCKETS,
            registry=register,
        )
        self.sockets = Gauge(
            "foxden_open_sockets",
            "Open match and lobby WebSockets and match event streams, by kind.",
            ["kind"],
            multiprocess_mode="livesum",
            registry=register,
        )
        self.requests = Counter(
            "foxden_http_requests",
            "HTTP requests answered, by method, route template and status.",
            ["method", "route", "status"],
            registry=register,
        )
        self.database_errors = Counter(
            "foxden_database_errors",
            "Errors raised by the database driver, by error class.",
            ["error"],
            registry=register,
        )
        self.broker_errors = Counter(
            "foxden_broker_errors",
            "Failed operations on the broker (Redis), by operation.",
            ["operation"],
            registry=register,
        )
        self.rate_limited = Counter(
            "foxden_rate_limited", "Requests and frames refused by a rate limit.", registry=register
        )
        self.hashing_refused = Counter(
            "foxden_hashing_refused",
            "Password checks refused at once (429) because the hashing pool was full.",
            registry=register,
        )
        self.bot_moves = Counter(
            "foxden_bot_moves", "Moves made by bots for their seats.", registry=register
        )
        self.turn_timeouts = Counter(
            "foxden_turn_timeouts",
            "Decisions the stand-in bot made for a player whose turn timer ran out.",
            registry=register,
        )
        self.recovery_seconds = Histogram(
            "foxden_recovery_sweep_seconds",
            "Duration of each look for bot turns and deadlines a crashed process dropped.",
            buckets=SWEEP_BUCKETS,
            registry=register,
        )
        for kind in SOCKET_KINDS:  # shown at 0 before the first socket opens
            self.sockets.labels(kind)
        self._recent_actions: deque[float] = deque()

    def action_committed(self, seconds: float) -> None:
        self.actions.inc()
        self.action_seconds.observe(seconds)
        now = time.monotonic()
        self._recent_actions.append(now)
        self._trim(now)

    def action_refused(self, code: str) -> None:
        self.refusals.labels(code).inc()

    def socket_opened(self, kind: str) -> None:
        self.sockets.labels(kind).inc()

    def socket_closed(self, kind: str) -> None:
        self.sockets.labels(kind).dec()

    def open_socket(self, kind: str) -> AbstractContextManager[None]:
        """Counted as open while the `with` block runs."""
        return self.sockets.labels(kind).track_inprogress()

    def actions_last_minute(self) -> int:
        """This process's commits in the last minute (the admin dashboard's figure)."""
        self._trim(time.monotonic())
        return len(self._recent_actions)

    def _trim(self, now: float) -> None:
        while self._recent_actions and self._recent_actions[0] < now - 60:
            self._recent_actions.popleft()

"""The cost of the line ops writes for every committed move (app/ops/actions.py).

Writes the action line through the app's own logging set-up (structlog, JSON, the scrubber,
one write and flush per line) to /dev/null, and prints the median over several runs of the
microseconds one line takes, in CPU time (on a shared machine the wall clock mostly measures
the other processes). The line runs inside a request's context, with the request id bound,
as in the app.

    python -m benchmarks.logline [--runs 7] [--lines 50000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import structlog

from app.core.config import Settings
from app.ops import actions
from app.ops.logs import configure_logging

ACTION = {"type": "play", "card": {"suit": "bells", "rank": 7}}


def one_run(lines: int) -> float:
    started = time.process_time()
    for version in range(lines):
        actions._line("m" * 24, 1, "player", ACTION, version, actions.APPLIED, 0.00123)
    return (time.process_time() - started) / lines * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lines", type=int, default=50_000)
    args = parser.parse_args()
    report = sys.stdout
    sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - the logs' sink for the whole run
    configure_logging(Settings(database_url="sqlite+aiosqlite:///unused.db", log_format="json"))
    structlog.contextvars.bind_contextvars(request_id="0123456789abcdef0123456789abcdef")
    runs = [one_run(args.lines) for _ in range(args.runs)]
    print(
        f"action log line: median {statistics.median(runs):.2f} µs of CPU per line over "
        f"{args.runs} runs of {args.lines} (min {min(runs):.2f}, max {max(runs):.2f})",
        file=report,
    )


if __name__ == "__main__":
    main()

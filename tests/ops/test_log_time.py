"""The log line's time stamp: Foxden stamps it from a once-a-second prefix (one line per move
makes the stamp a measurable part of a move), and a log shipper must read it exactly as the
ISO UTC stamp structlog's own TimeStamper writes."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from structlog.processors import TimeStamper

from app.ops.logs import stamp_time

TICK = timedelta(microseconds=1)
ISO_UTC = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z")


def _parsed(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def test_the_stamp_reads_as_structlogs_iso_utc_stamp() -> None:
    library = TimeStamper(fmt="iso", utc=True, key="time")
    for _ in range(2_000):  # each stamp lies between the library's taken just before and after
        before = library(None, "info", {})["time"]
        ours = stamp_time(None, "info", {})["time"]
        after = library(None, "info", {})["time"]
        assert ISO_UTC.fullmatch(ours), ours
        assert ISO_UTC.fullmatch(before), before  # the same shape
        # A microsecond either way: ours truncates a float, the library rounds a datetime.
        assert _parsed(before) - TICK <= _parsed(ours) <= _parsed(after) + TICK

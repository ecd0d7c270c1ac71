"""The log line's time stamp: Foxden stamps it from a once-a-second prefix (one line per move
makes the stamp a measurable part of a move), and a log shipper must read it exactly as the
ISO UTC stamp structlog's own TimeStamper writes."""

from __future__ import annotations

import re
from datetime import datetime

from structlog.processors import TimeStamper

from app.ops.logs import stamp_time

ISO_UTC = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z")


def _parsed(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def test_the_stamp_reads_as_structlogs_iso_utc_stamp() -> None:
    library = TimeStamper(fmt="iso", utc=True, key="time")
    for _ in range(2_000):  # each line checked against the library's stamp taken just after it
        ours = stamp_time(None, "info", {})["time"]
        theirs = library(None, "info", {})["time"]
        assert ISO_UTC.fullmatch(ours), ours
        assert ISO_UTC.fullmatch(theirs), theirs  # the same shape
        assert 0 <= (_parsed(theirs) - _parsed(ours)).total_seconds() < 0.05

"""Structured logs: one JSON object per line (or aligned text for a person at a terminal).

structlog rather than the standard library with a JSON formatter: the request id is bound
once per request (contextvars) and lands on every line of that request, including the action
lines the move pipeline writes; the app's own lines skip `logging`'s record machinery, which
matters for a line per move; and a log level below the threshold costs a no-op call. Records of
the standard library (uvicorn, SQLAlchemy, our modules' warnings) are rendered by the same
processors, so every line of the process has one shape and passes through one scrubber.

FOXDEN_LOG_FORMAT: `json` or `console`; unset, JSON unless stderr is a terminal.
"""

from __future__ import annotations

import logging
import sys
import time
from datetime import UTC, datetime
from typing import Any

import orjson
import structlog
from structlog.contextvars import merge_contextvars
from structlog.processors import JSONRenderer, add_log_level, format_exc_info
from structlog.stdlib import ProcessorFormatter, add_logger_name
from structlog.types import EventDict, Processor

from app.core.config import Settings
from app.ops.logredact import scrub_event

# uvicorn's access line is replaced by ours (app/ops/requestlog.py): one line per request.
REPLACED = "uvicorn.access"
PROPAGATED = ("uvicorn", "uvicorn.error")
OWN = "app"


class _Stderr:
    """sys.stderr as it is at each write (a test runner swaps it), never a stale handle."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


class _FoxdenHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """The root handler this module installs (found again, not added twice)."""


def chosen_format(settings: Settings) -> str:
    if settings.log_format:
        return settings.log_format
    return "console" if sys.stderr.isatty() else "json"


def configure_logging(settings: Settings) -> None:
    """Idempotent: each app built in a process configures the same thing again."""
    level = logging.getLevelNamesMapping()[settings.log_level.upper()]
    json_lines = chosen_format(settings) == "json"
    renderer: Processor = (
        JSONRenderer(serializer=_dumps)
        if json_lines
        else structlog.dev.ConsoleRenderer(exception_formatter=structlog.dev.plain_traceback)
    )
    shared: list[Processor] = [
        merge_contextvars,
        add_log_level,
        stamp_time,
    ]
    finish: list[Processor] = [format_exc_info, scrub] if json_lines else [scrub]
    structlog.configure(
        processors=[*shared, *finish, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=structlog.WriteLoggerFactory(file=_Stderr()),  # type: ignore[arg-type]
        cache_logger_on_first_use=True,
    )
    _route_standard_logging(level, shared, [*finish, renderer])


def _route_standard_logging(level: int, shared: list[Processor], finish: list[Processor]) -> None:
    handler = _FoxdenHandler(_Stderr())
    handler.setFormatter(
        ProcessorFormatter(
            foreign_pre_chain=[add_logger_name, *shared],
            processors=[ProcessorFormatter.remove_processors_meta, *finish],
        )
    )
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, _FoxdenHandler)]:
        root.removeHandler(old)
    root.addHandler(handler)
    # Libraries keep the standard WARNING threshold (at INFO, SQLAlchemy would log every
    # statement with its parameters: hidden cards included); our own modules use FOXDEN_LOG_LEVEL.
    root.setLevel(logging.WARNING)
    logging.getLogger(OWN).setLevel(level)
    for name in PROPAGATED:  # uvicorn's own lines in our shape, through the root handler
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
    uvicorn = logging.getLogger(PROPAGATED[0])
    if uvicorn.level == logging.NOTSET:  # not chosen with --log-level: the app's level
        uvicorn.setLevel(level)
    access = logging.getLogger(REPLACED)
    access.handlers.clear()
    access.propagate = False
    access.disabled = True


class _TimeStamp:
    """`time` as structlog's ISO UTC stamper writes it (2026-12-04T19:35:02.123972Z), at a
    quarter of its cost: the date and the second are formatted once a second, and each line
    adds its microseconds. One line per move makes the stamp a measurable part of a move."""

    def __init__(self) -> None:
        self._second = -1
        self._prefix = ""

    def __call__(self, _logger: Any, _method: str, event: EventDict) -> EventDict:
        now = time.time()
        second = int(now)
        if second != self._second:
            self._prefix = datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S.")
            self._second = second
        event["time"] = f"{self._prefix}{int((now - second) * 1_000_000):06d}Z"
        return event


stamp_time = _TimeStamp()


def scrub(_logger: Any, _method: str, event: EventDict) -> EventDict:
    """The last step before rendering: no secret leaves, whoever logged it."""
    return scrub_event(event)


def _dumps(event: EventDict, **_options: Any) -> str:
    # default=str: an odd value (an exception, a datetime) must not lose the line.
    return orjson.dumps(event, default=str).decode()

"""What the move pipeline reports about each action: a count, a latency, one log line.

The line says who acted where and how it ended, never what was played: the action's payload
may name a card from a hand, so only its kind (`play`, `bid`, ...) is written.
"""

from __future__ import annotations

import time
from typing import Any

import structlog

from app.context import AppContext
from app.ops.requestlog import request_started
from app.statuses import ActorKind

APPLIED = "applied"
REPEATED = "repeated"  # a retried request: applied before, answered again, counted once
KIND_LENGTH = 40  # an action's kind comes from the client: a bounded piece of it at most
LOGGER = "foxden.action"  # named per line, as in requestlog.py
log = structlog.get_logger()


def move_started(actor_kind: str) -> float:
    """When this move reached the server: its HTTP request's arrival, or now (a socket frame
    just read, a bot, a timer)."""
    if actor_kind == ActorKind.PLAYER:
        arrived = request_started.get()
        if arrived is not None:
            return arrived
    return time.perf_counter()


def applied(
    context: AppContext,
    match_id: str,
    seat: int,
    actor_kind: str,
    action: Any,
    version: int,
    started: float,
    repeated: bool = False,
) -> None:
    """A committed move; `version` is the match's version after it. `repeated`: a retry of a
    move applied before (same action id), logged but not counted again."""
    seconds = time.perf_counter() - started
    if repeated:
        _line(match_id, seat, actor_kind, action, version, REPEATED, seconds)
        return
    context.metrics.action_committed(seconds)
    _line(match_id, seat, actor_kind, action, version, APPLIED, seconds)


def refused(
    context: AppContext,
    match_id: str,
    actor_seat: int | None,
    actor_kind: str,
    action: Any,
    version: int | None,
    code: str,
    started: float,
) -> None:
    """A refused move; `version` is the one the client acted on (None: not said)."""
    seconds = time.perf_counter() - started
    context.metrics.action_refused(code)
    _line(match_id, actor_seat, actor_kind, action, version, code, seconds)


def _line(
    match_id: str,
    seat: int | None,
    actor_kind: str,
    action: Any,
    version: int | None,
    outcome: str,
    seconds: float,
) -> None:
    log.info(
        "action",
        logger=LOGGER,
        match_id=match_id,
        seat=seat,
        actor=actor_kind,
        action=_kind(action),
        version=version,
        outcome=outcome,
        duration_ms=round(seconds * 1000, 2),
    )


def _kind(action: Any) -> str | None:
    kind = action.get("type") if isinstance(action, dict) else None
    return kind[:KIND_LENGTH] if isinstance(kind, str) else None

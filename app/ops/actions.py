"""What ops makes of each action: a count, a latency, one log line.

A listener of the commit hook (a committed move) and of its refusals
(app/server/commit_listeners.py); both run inline in the request that acted, so its arrival
time is still at hand.

The line says who acted where and how it ended, never what was played: the action's payload
may name a card from a hand, so only its kind (`play`, `bid`, ...) is written.
"""

from __future__ import annotations

import time
from typing import Any

import structlog

from app.core.statuses import ActorKind
from app.matches.commits import AtOnce, Change, Commit, OnRefusal, Refusal
from app.ops.context import OpsContext
from app.ops.requestlog import request_started

APPLIED = "applied"
REPEATED = "repeated"  # a retried request: applied before, answered again, counted once
KIND_LENGTH = 40  # an action's kind comes from the client: a bounded piece of it at most
LOGGER = "foxden.action"  # named per line, as in requestlog.py
log = structlog.get_logger()


def reporter(context: OpsContext) -> tuple[AtOnce, OnRefusal]:
    """The two listeners: one for committed moves, one for refused ones."""

    def committed(commit: Commit) -> None:
        if commit.change is not Change.MOVE or commit.seat is None or commit.actor is None:
            return
        started = _arrived(commit.actor, commit.started)
        applied(context, commit, started)

    def refused(refusal: Refusal) -> None:
        seconds = time.perf_counter() - _arrived(refusal.actor, refusal.started)
        context.metrics.action_refused(refusal.code)
        _line(
            refusal.match_id,
            refusal.seat,
            refusal.actor,
            refusal.action,
            refusal.version,
            refusal.code,
            seconds,
        )

    return committed, refused


def _arrived(actor_kind: str, started: float | None) -> float:
    """When the move reached the server: its HTTP request's arrival, or when the pipeline
    took it (a socket frame just read, a bot, a timer)."""
    if actor_kind == ActorKind.PLAYER:
        arrived = request_started.get()
        if arrived is not None:
            return arrived
    return started if started is not None else time.perf_counter()


def applied(context: OpsContext, commit: Commit, started: float) -> None:
    """A committed move, at the match's version after it. A repeated one (a retry of a move
    applied before, same action id) is logged but not counted again."""
    seconds = time.perf_counter() - started
    match = commit.match
    kind = commit.actor or ActorKind.PLAYER
    if commit.repeated:
        _line(match.id, commit.seat, kind, commit.action, match.version, REPEATED, seconds)
        return
    context.metrics.action_committed(seconds)
    _line(match.id, commit.seat, kind, commit.action, match.version, APPLIED, seconds)


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

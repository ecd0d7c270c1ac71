"""Hooks that count the services' failures, wherever in the app they happen.

A database error is counted by two SQLAlchemy events of the engine, not at each place that
catches it: `handle_error` for every failed statement, `do_connect` for every failed attempt to
open a connection (a refused or unreachable server raises a plain OSError there, which
`handle_error` never sees). A broker failure is counted by the Redis broker itself
(`RedisBroker.failed`), a presence failure by the Redis presence store (`.failed` too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Dialect, event
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import IntegrityError

from app.ops.context import OpsContext
from app.ops.metrics import Metrics
from app.realtime.broker import RedisBroker
from app.realtime.presence_store import RedisPresenceStore


def instrument(context: OpsContext) -> None:
    metrics = context.metrics
    engine = context.db.engine.sync_engine
    event.listen(engine, "handle_error", _statement_error_counter(metrics))
    event.listen(engine, "do_connect", _counting_connect(metrics))

    def count(operation: str) -> None:
        metrics.broker_errors.labels(operation).inc()

    if isinstance(context.broker, RedisBroker):
        context.broker.failed = count
    if isinstance(context.presence, RedisPresenceStore):
        context.presence.failed = count


def _statement_error_counter(metrics: Metrics) -> Callable[[ExceptionContext], None]:
    def count(failure: ExceptionContext) -> None:
        if failure.connection is None:
            return  # failed to connect: counted by `_counting_connect`
        error = failure.sqlalchemy_exception or failure.original_exception
        # A duplicate action id is the pipeline's normal answer to a retried move.
        if not isinstance(error, IntegrityError):
            metrics.database_errors.labels(type(failure.original_exception).__name__).inc()

    return count


def _counting_connect(metrics: Metrics) -> Callable[..., Any]:
    """Opens the connection as the dialect would (a `do_connect` hook may), counting failures."""

    def connect(dialect: Dialect, _record: Any, cargs: Any, cparams: Any) -> Any:
        try:
            return dialect.connect(*cargs, **cparams)
        except Exception as error:
            metrics.database_errors.labels(type(error).__name__).inc()
            raise

    return connect

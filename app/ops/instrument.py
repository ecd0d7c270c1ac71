"""Hooks that count the services' failures, wherever in the app they happen.

A database error is counted by SQLAlchemy's `handle_error` event (every statement and every
connection attempt of the engine passes there), not at each place that catches it; a broker
failure by the Redis broker itself (`RedisBroker.failed`).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import event
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import IntegrityError

from app.context import AppContext
from app.ops.metrics import Metrics
from app.realtime.broker import RedisBroker


def instrument(context: AppContext) -> None:
    metrics = context.metrics
    event.listen(context.db.engine.sync_engine, "handle_error", _database_error_counter(metrics))
    if isinstance(context.broker, RedisBroker):
        context.broker.failed = lambda operation: metrics.broker_errors.labels(operation).inc()


def _database_error_counter(metrics: Metrics) -> Callable[[ExceptionContext], None]:
    def count(failure: ExceptionContext) -> None:
        error = failure.sqlalchemy_exception or failure.original_exception
        # A duplicate action id is the pipeline's normal answer to a retried move.
        if not isinstance(error, IntegrityError):
            metrics.database_errors.labels(type(failure.original_exception).__name__).inc()

    return count

"""Database and broker outages as clear, retryable refusals instead of 500s.

Losing Postgres, SQLite's file or Redis for a while is not a bug of ours, and the client can do
something about it: wait and send the same request again (with the same action id, a move is
applied once). So a request answers 503 `service/unavailable` with `Retry-After`, and a socket
closes with 1013 "try again later" (not 1011, an error of ours). Any other error stays a 500.
"""

from __future__ import annotations

import contextlib
import logging
import socket

import asyncpg
from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse
from redis import exceptions as redis_errors
from sqlalchemy import exc as db_errors

from app.core.errors import error_json

log = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 2
TRY_AGAIN_LATER = 1013
UNAVAILABLE = "The game service is briefly unavailable: try again in a moment."

# Refused or dropped connections, an unknown host, timeouts, a database that is starting up or
# shutting down, SQLite's file locked past its busy timeout, no free pooled connection in time.
OUTAGES: tuple[type[BaseException], ...] = (
    ConnectionError,
    socket.gaierror,
    TimeoutError,
    db_errors.OperationalError,
    db_errors.InterfaceError,
    db_errors.TimeoutError,
    redis_errors.ConnectionError,
    redis_errors.TimeoutError,
    asyncpg.ConnectionDoesNotExistError,  # the move writer's connection died mid-statement
)
# What a handler must look at: an outage, or a sibling error (a bug) it hands on as a 500.
# asyncpg's own errors come from the move writer's pool, which SQLAlchemy does not wrap.
CAUGHT = (
    *OUTAGES,
    OSError,
    db_errors.DBAPIError,
    redis_errors.RedisError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
)


# Postgres's own words for "not now": a connection exception (class 08), a server shutting
# down, crashed or still starting up (57P01-57P03), no free connection slot (53300). asyncpg's
# errors reach us as a bare DBAPIError that only its SQLSTATE tells apart from a bug, or
# unwrapped from the move writer's pool, with the SQLSTATE on the error itself.
UNAVAILABLE_SQLSTATES = frozenset({"57P01", "57P02", "57P03", "53300"})


def _postgres_unavailable(error: BaseException) -> bool:
    """Postgres said "not now", through SQLAlchemy (on `orig`) or straight from asyncpg."""
    driver_error = error.orig if isinstance(error, db_errors.DBAPIError) else error
    sqlstate = getattr(driver_error, "sqlstate", None)
    return isinstance(sqlstate, str) and (
        sqlstate.startswith("08") or sqlstate in UNAVAILABLE_SQLSTATES
    )


def is_outage(error: BaseException) -> bool:
    if isinstance(error, db_errors.DBAPIError) and error.connection_invalidated:
        return True
    if _postgres_unavailable(error):
        return True
    # A bare OSError is what asyncio raises when every address of a host refused; its
    # subclasses (a missing file, a permission) are bugs.
    return type(error) is OSError or isinstance(error, OUTAGES)


async def _unavailable(connection: Request | WebSocket, error: Exception) -> JSONResponse | None:
    if not is_outage(error):
        raise error  # a bug: the last-resort handler answers 500 server/error
    log.warning("service unavailable: %s", error.__class__.__name__)
    if isinstance(connection, WebSocket):
        with contextlib.suppress(OSError, RuntimeError):  # the socket may be gone already
            await connection.close(TRY_AGAIN_LATER)
        return None
    return JSONResponse(
        error_json("service/unavailable", UNAVAILABLE),
        503,
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def install_fault_handlers(app: FastAPI) -> None:
    """Requests and sockets of every route; registered after the 500 handler, before any
    middleware."""
    for error_type in CAUGHT:
        # One handler for requests and sockets alike; Starlette's types keep the two apart.
        app.add_exception_handler(error_type, _unavailable)  # type: ignore[arg-type]

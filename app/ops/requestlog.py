"""One log line and one count per HTTP request (and per WebSocket, when it ends).

The line names the route template (`/api/v1/matches/{match_id}/actions`), never the raw path or
its query string, where old links carry invite codes and tokens. Each request has an id: the
caller's `X-Request-ID` when it is a sane one (a proxy's, say), a fresh one otherwise; it is
echoed in the answer and bound to every line written while the request runs.
"""

from __future__ import annotations

import re
import time
import uuid
from contextvars import ContextVar
from typing import Any

import structlog
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.ops.metrics import Metrics

HEADER = b"x-request-id"
# Letters, digits and a few separators only: the id goes into every line of the request.
ACCEPTED_ID = re.compile(rb"[A-Za-z0-9._:-]{1,128}")
UNMATCHED = "unmatched"
# Named per line: binding at import would build the logger before logging is configured.
LOGGER = "foxden.request"
log = structlog.get_logger()

# When the current HTTP request reached the server (perf_counter): a move's latency counts
# from there. Only HTTP requests set it; a socket's moves count from their frame.
request_started: ContextVar[float | None] = ContextVar("request_started", default=None)


class RequestLog:
    """Pure ASGI (no body buffering, streams and sockets pass through untouched)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        request_id = _request_id(scope)
        outcome: dict[str, Any] = {"status": None}
        context = structlog.contextvars.bind_contextvars(request_id=request_id)
        timing = request_started.set(started) if scope["type"] == "http" else None

        async def answer(message: Message) -> None:
            _note(message, outcome, request_id)
            await send(message)

        async def listen() -> Message:
            message = await receive()
            if message["type"] == "websocket.disconnect":  # the client closed it
                outcome["status"] = message.get("code", 1005)
            return message

        try:
            await self.app(scope, listen if scope["type"] == "websocket" else receive, answer)
        finally:
            self._finished(scope, outcome["status"], time.perf_counter() - started)
            if timing is not None:
                request_started.reset(timing)
            structlog.contextvars.reset_contextvars(**context)

    def _finished(self, scope: Scope, status: int | None, seconds: float) -> None:
        route = _route_template(scope)
        method = scope.get("method", "WS") if scope["type"] == "http" else "WS"
        # No answer started: the client went away, or an error escaped (uvicorn answers 500).
        status = status if status is not None else (500 if scope["type"] == "http" else 1006)
        metrics = _metrics(scope)
        if metrics is not None:
            metrics.requests.labels(method, route, str(status)).inc()
        log.info(
            "request" if scope["type"] == "http" else "websocket",
            logger=LOGGER,
            method=method,
            route=route,
            status=status,
            duration_ms=round(seconds * 1000, 2),
        )


def _metrics(scope: Scope) -> Metrics | None:
    """This app's metrics (made at startup, after the middleware was built)."""
    context = getattr(getattr(scope.get("app"), "state", None), "context", None)
    return getattr(context, "metrics", None)


def _request_id(scope: Scope) -> str:
    for name, value in scope.get("headers", ()):
        if name == HEADER and ACCEPTED_ID.fullmatch(value):
            return str(value.decode())
    return uuid.uuid4().hex


def _note(message: Message, outcome: dict[str, Any], request_id: str) -> None:
    """Remember the status (or the socket's close code) and echo the request id."""
    kind = message["type"]
    if kind == "http.response.start":
        outcome["status"] = message["status"]
        message["headers"] = [*message.get("headers", ()), (HEADER, request_id.encode())]
    elif kind == "websocket.accept":
        outcome["status"] = 101
        message["headers"] = [*message.get("headers", ()), (HEADER, request_id.encode())]
    elif kind == "websocket.close":
        outcome["status"] = message.get("code", 1000)
    elif kind == "websocket.http.response.start":  # refused before the handshake
        outcome["status"] = message["status"]


def _route_template(scope: Scope) -> str:
    route = scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) and path else UNMATCHED

"""Every refusal is {"error": {"code", "message"}} with a stable code from API.md."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.routing import iter_route_contexts
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import Send

STATUS_BY_CODE = {
    "request/malformed": 400,
    "auth/missing": 401,
    "auth/invalid": 401,
    "auth/expired": 401,
    "auth/revoked": 401,
    "account/bad_credentials": 401,
    "auth/forbidden": 403,
    "lobby/not_host": 403,
    "action/not_seated": 403,
    "account/wrong_password": 403,
    "lobby/not_found": 404,
    "match/not_found": 404,
    "player/not_found": 404,
    "game/not_found": 404,
    "route/not_found": 404,
    "account/not_found": 404,
    "session/not_found": 404,
    "request/method_not_allowed": 405,
    "lobby/full": 409,
    "lobby/not_ready": 409,
    "lobby/closed": 409,
    "lobby/too_many": 409,
    "lobby/rated_no_bots": 409,
    "action/stale_version": 409,
    "action/not_your_turn": 409,
    "action/id_reused": 409,
    "match/finished": 409,
    "match/not_finished": 409,
    "match/engine_version": 409,
    "match/not_replayable": 409,
    "account/exists": 409,
    "account/username_taken": 409,
    # Bot accounts, rated pools and resign (botacct).
    "account/rated_history": 409,
    "account/in_play": 409,
    "lobby/rated_mixed": 409,
    "request/too_large": 413,
    "action/illegal": 422,
    "action/malformed": 422,
    "lobby/bad_options": 422,
    "chat/not_allowed": 422,
    "match/no_such_seat": 422,
    "match/no_such_step": 422,
    "account/weak_password": 422,
    "rate/limited": 429,
    "rate/too_many_sockets": 429,
    "request/headers_too_large": 431,
    # Challenges (app/challenges): one account asks another by name to play.
    "challenge/not_found": 404,
    "challenge/not_yours": 403,
    "challenge/expired": 409,
    "challenge/closed": 409,
    "challenge/too_many": 409,
    "challenge/self": 422,
    "challenge/not_ratable": 422,
    # Slow tables (app/slow_play): clocks that fit a day, playing hours, vacations.
    "lobby/clock_conflict": 422,
    "clock/bad_time_zone": 422,
    "clock/bad_hours": 422,
    "vacation/active": 409,
    "vacation/not_active": 409,
    "vacation/over_allowance": 409,
    # Learn to play (app/tutorials): a guided first match per game.
    "tutorial/not_found": 404,
    # Post-game review (app/review): a practice table from a step that was not the seat's choice.
    "review/no_such_decision": 422,
    # The daily deal (app/daily): one deal a day per game, played once, ranked by percentile.
    "daily/already_played": 409,
    "daily/not_found": 404,
    "daily/not_played": 403,
    # Notifications (app/notifications): Web Push and the daily digest.
    "push/off": 409,
    "push/not_subscribed": 409,
    "push/bad_subscription": 422,
    "notifications/no_email": 422,
    "notifications/email_off": 409,
}


class ApiError(Exception):
    def __init__(self, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = STATUS_BY_CODE[code]
        self.headers = headers or {}


class HtmlNotFound(Exception):
    """A page route found nothing: a browser gets a page, an API client route/not_found."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ErrorBodyPublic(BaseModel):
    # Every stable code as an enum, so that generated clients can match on them.
    code: str = Field(json_schema_extra={"enum": list(STATUS_BY_CODE)})
    message: str


class ErrorPublic(BaseModel):
    error: ErrorBodyPublic


def error_json(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


async def send_refusal(send: Send, code: str, message: str, keep_alive: bool = True) -> None:
    """A refusal from middleware that answers before the app (no FastAPI there)."""
    body = json.dumps(error_json(code, message)).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if not keep_alive:
        # Part of the request is still unread on the wire: this connection cannot carry another.
        headers.append((b"connection", b"close"))
    status = STATUS_BY_CODE[code]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def describe(codes: list[str]) -> str:
    return "Refused: " + ", ".join(f"`{code}`" for code in codes)


def responses(*codes: str) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses=` for the refusals a route can give."""
    by_status: dict[int, list[str]] = {}
    for code in codes:
        by_status.setdefault(STATUS_BY_CODE[code], []).append(code)
    return {
        status: {"model": ErrorPublic, "description": describe(names)}
        for status, names in sorted(by_status.items())
    }


HTML_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {
        "description": "No such page: a page saying so for a browser (Accept: text/html), "
        "else `route/not_found`",
        "content": {
            "text/html": {"schema": {"type": "string"}},
            "application/json": {"schema": {"$ref": "#/components/schemas/ErrorPublic"}},
        },
    }
}


def describe_validation(exc: RequestValidationError) -> str:
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    kind = first.get("type", "")
    if kind == "json_invalid":
        return "The request body is not valid JSON."
    if kind == "extra_forbidden":
        return f"Unknown field: {where}."
    if kind == "missing":
        return f"Missing field: {where}."
    return f"Invalid value for {where or 'the request'}: {first.get('msg', 'invalid')}."


def not_found_page(message: str) -> HTMLResponse:
    # Plain text in a fixed page: the message is ours, never user input, but escape anyway.
    safe = message.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return HTMLResponse(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<title>Not found - Foxden</title></head><body><h1>Not found</h1>"
        f"<p>{safe}</p><p><a href='/'>Back to Foxden</a></p></body></html>",
        404,
    )


def allowed_methods(request: Request) -> str:
    """Every method some route serves at this path (Starlette names only the first route's).
    A route spelled out in full outranks one that reads the path as a parameter: what serves
    /sessions/renew is the renew route, not /sessions/{session_id} with "renew" as the id."""
    literal: set[str] = set()
    templated: set[str] = set()
    for context in iter_route_contexts(request.app.routes):
        route = context.original_route
        if context.methods and route.matches(request.scope)[0] != Match.NONE:
            takes_params = bool(getattr(route, "param_convertors", None))
            (templated if takes_params else literal).update(context.methods)
    return ", ".join(sorted(literal or templated))


def _http_refusal(request: Request, exc: StarletteHTTPException) -> Response:
    """Starlette's own refusals (no route, wrong method, unreadable body) in our shape."""
    code = {404: "route/not_found", 405: "request/method_not_allowed"}.get(
        exc.status_code, "request/malformed"
    )
    status = exc.status_code if exc.status_code in (404, 405) else 400
    headers = dict(exc.headers or {})
    if status == 405:
        headers["Allow"] = allowed_methods(request)
    return JSONResponse(error_json(code, str(exc.detail)), status, headers=headers)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(error_json(exc.code, exc.message), exc.status, headers=exc.headers)

    @app.exception_handler(HtmlNotFound)
    async def _html_not_found(request: Request, exc: HtmlNotFound) -> Response:
        if "text/html" in request.headers.get("accept", ""):
            return not_found_page(exc.message)
        return JSONResponse(error_json("route/not_found", exc.message), 404)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(error_json("request/malformed", describe_validation(exc)), 400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        return _http_refusal(request, exc)

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, _exc: Exception) -> JSONResponse:
        # Last line of defence: never leak a traceback or state in a 500.
        return JSONResponse(error_json("server/error", "Something went wrong on our side."), 500)

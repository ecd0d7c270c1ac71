"""Every refusal is {"error": {"code", "message"}} with a stable code from API.md."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

STATUS_BY_CODE = {
    "request/malformed": 400,
    "auth/missing": 401,
    "auth/invalid": 401,
    "auth/forbidden": 403,
    "lobby/not_host": 403,
    "action/not_seated": 403,
    "lobby/not_found": 404,
    "match/not_found": 404,
    "player/not_found": 404,
    "route/not_found": 404,
    "request/method_not_allowed": 405,
    "lobby/full": 409,
    "lobby/not_ready": 409,
    "lobby/closed": 409,
    "action/stale_version": 409,
    "action/not_your_turn": 409,
    "action/id_reused": 409,
    "match/finished": 409,
    "match/not_finished": 409,
    "request/too_large": 413,
    "action/illegal": 422,
    "action/malformed": 422,
    "lobby/bad_options": 422,
    "chat/not_allowed": 422,
    "rate/limited": 429,
}


class ApiError(Exception):
    def __init__(self, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = STATUS_BY_CODE[code]
        self.headers = headers or {}


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorResponse(BaseModel):
    error: ErrorBody


def error_json(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def responses(*codes: str) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses=` for the refusals a route can give."""
    by_status: dict[int, list[str]] = {}
    for code in codes:
        by_status.setdefault(STATUS_BY_CODE[code], []).append(code)
    return {
        status: {"model": ErrorResponse, "description": "Refused: " + ", ".join(names)}
        for status, names in sorted(by_status.items())
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


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(error_json(exc.code, exc.message), exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(error_json("request/malformed", describe_validation(exc)), 400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "route/not_found", 405: "request/method_not_allowed"}.get(
            exc.status_code, "request/malformed"
        )
        status = exc.status_code if exc.status_code in (404, 405) else 400
        return JSONResponse(error_json(code, str(exc.detail)), status)

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, _exc: Exception) -> JSONResponse:
        # Last line of defence: never leak a traceback or state in a 500.
        return JSONResponse(error_json("server/error", "Something went wrong on our side."), 500)

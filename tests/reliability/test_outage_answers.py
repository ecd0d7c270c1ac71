"""Which failures answer 503 service/unavailable (an outage: retry) and which stay 500 (a bug)."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI
from redis import exceptions as redis_errors
from sqlalchemy import exc as db_errors

from app.errors import install_error_handlers
from app.faults import install_fault_handlers

OUTAGES = [
    ConnectionRefusedError(111, "Connect call failed"),
    OSError("Multiple exceptions: [Errno 111] Connect call failed"),
    TimeoutError(),
    db_errors.OperationalError("SELECT 1", {}, Exception("database is locked")),
    db_errors.DBAPIError("SELECT 1", {}, Exception("closed"), connection_invalidated=True),
    redis_errors.ConnectionError("Connection closed by server."),
]
BUGS = [
    FileNotFoundError("frontend/missing.html"),
    db_errors.IntegrityError("INSERT", {}, Exception("UNIQUE constraint failed")),
    redis_errors.ResponseError("WRONGTYPE"),
    KeyError("seat"),
]


async def _answer(error: Exception) -> httpx.Response:
    app = FastAPI()
    install_error_handlers(app)
    install_fault_handlers(app)

    @app.get("/fails")
    async def fails() -> None:
        raise error

    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        return await http.get("/fails")


@pytest.mark.parametrize("error", OUTAGES, ids=lambda error: type(error).__name__)
async def test_an_outage_answers_503_with_retry_after(error: Exception) -> None:
    response = await _answer(error)
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "service/unavailable"
    assert int(response.headers["Retry-After"]) > 0


@pytest.mark.parametrize("error", BUGS, ids=lambda error: type(error).__name__)
async def test_a_bug_still_answers_500_without_details(error: Exception) -> None:
    response = await _answer(error)
    assert response.status_code == 500
    assert response.json()["error"] == {
        "code": "server/error",
        "message": "Something went wrong on our side.",
    }

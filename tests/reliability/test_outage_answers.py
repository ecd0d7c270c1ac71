"""Which failures answer 503 service/unavailable (an outage: retry) and which stay 500 (a bug)."""

from __future__ import annotations

import asyncio
import struct

import asyncpg
import httpx
import pytest
from fastapi import FastAPI
from redis import exceptions as redis_errors
from sqlalchemy import exc as db_errors
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from app.core.db import open_move_pool
from app.core.errors import install_error_handlers
from app.web.faults import install_fault_handlers, is_outage

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


def _error_response(sqlstate: str, message: str) -> bytes:
    """A Postgres ErrorResponse message, as the server sends it before closing."""
    fields = ((b"S", "FATAL"), (b"V", "FATAL"), (b"C", sqlstate), (b"M", message))
    body = b"".join(key + value.encode() + b"\0" for key, value in fields) + b"\0"
    return b"E" + struct.pack("!i", len(body) + 4) + body


async def _refusing_postgres(sqlstate: str, message: str) -> asyncio.Server:
    """Speaks the start of the Postgres protocol and refuses every login as `sqlstate`."""

    async def refuse(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            (length,) = struct.unpack("!i", await reader.readexactly(4))
            (code,) = struct.unpack("!i", (await reader.readexactly(length - 4))[:4])
            if code == SSL_REQUEST:
                writer.write(b"N")  # no TLS here: the client goes on in the clear
                continue
            writer.write(_error_response(sqlstate, message))
            await writer.drain()
            writer.close()
            return

    return await asyncio.start_server(refuse, "127.0.0.1", 0)


async def _through_sqlalchemy(engine: AsyncEngine) -> None:
    async with engine.connect() as connection:
        await connection.execute(text("SELECT 1"))


async def _through_the_move_pool(engine: AsyncEngine) -> None:
    pool = await open_move_pool(engine)
    await pool.close()


# Both ways the app reaches Postgres, and the error each raises: SQLAlchemy wraps asyncpg's,
# the move writer's own pool (app/core/db.py) hands it on unwrapped.
LOGINS = {
    "sqlalchemy": (_through_sqlalchemy, db_errors.DBAPIError),
    "move-pool": (_through_the_move_pool, asyncpg.PostgresError),
}


async def _login_refused_as(sqlstate: str, message: str, login: str) -> Exception:
    """What the app gets when Postgres refuses the login as `sqlstate`."""
    connect, raised_as = LOGINS[login]
    server = await _refusing_postgres(sqlstate, message)
    port = server.sockets[0].getsockname()[1]
    engine = create_async_engine(f"postgresql+asyncpg://foxden@127.0.0.1:{port}/foxden")
    try:
        with pytest.raises(raised_as) as raised:
            await connect(engine)
    finally:
        await engine.dispose()
        server.close()
    error: Exception = raised.value
    return error


SSL_REQUEST = 80877103
POSTGRES_NOT_NOW = [
    ("57P03", "the database system is starting up"),
    ("57P01", "terminating connection due to administrator command"),
    ("53300", "sorry, too many clients already"),
    ("08006", "connection failure"),
]


@pytest.mark.parametrize("login", LOGINS)
@pytest.mark.parametrize(("sqlstate", "message"), POSTGRES_NOT_NOW, ids=lambda v: str(v))
async def test_a_postgres_that_is_starting_or_full_is_an_outage(
    sqlstate: str, message: str, login: str
) -> None:
    """A restarted Postgres refuses logins for a while: the request is retried, not a 500, and
    a bot's turn waits for it instead of giving up until the next recovery sweep."""
    error = await _login_refused_as(sqlstate, message, login)
    assert is_outage(error)
    assert (await _answer(error)).status_code == 503


@pytest.mark.parametrize("login", LOGINS)
async def test_a_postgres_refusal_of_another_kind_is_still_a_bug(login: str) -> None:
    error = await _login_refused_as("42P01", 'relation "matchs" does not exist', login)
    assert not is_outage(error)
    assert (await _answer(error)).status_code == 500


def test_a_connection_lost_mid_statement_is_an_outage() -> None:
    assert is_outage(asyncpg.ConnectionDoesNotExistError("connection was closed"))
    assert not is_outage(asyncpg.InterfaceError("another operation is in progress"))

"""Health, readiness and Prometheus metrics for operators."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

from fastapi import APIRouter
from fastapi.responses import JSONResponse, PlainTextResponse
from sqlalchemy import text

from app.deps import ContextDep

router = APIRouter(tags=["operations"])
# A load balancer asks often and must get an answer: a service that does not reply within this
# bound counts as down (a stopped Redis or a hung Postgres would otherwise hang the probe).
CHECK_SECONDS = 2.0


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is alive."""
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(context: ContextDep) -> JSONResponse:
    """The database and the broker answer: ready for traffic."""
    database, broker = await asyncio.gather(
        _answers(_database_ok(context)), _answers(context.broker.ping())
    )
    checks = {"database": database, "broker": broker}
    ready = all(checks.values())
    return JSONResponse(
        {"status": "ok" if ready else "unavailable", **checks}, status_code=200 if ready else 503
    )


async def _answers(check: Awaitable[bool]) -> bool:
    try:
        return await asyncio.wait_for(check, CHECK_SECONDS)
    except Exception:  # refused, dropped or too slow: not ready either way
        return False


async def _database_ok(context: ContextDep) -> bool:
    async with context.db.engine.connect() as connection:
        await connection.execute(text("SELECT 1"))
    return True


@router.get("/metrics", response_class=PlainTextResponse)
async def metrics(context: ContextDep) -> PlainTextResponse:
    body = context.metrics.render({"foxden_listeners": float(context.hub.count())})
    return PlainTextResponse(body, media_type="text/plain; version=0.0.4")

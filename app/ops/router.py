"""Health, readiness and Prometheus metrics for operators."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse, PlainTextResponse
from sqlalchemy import text

from app.deps import ContextDep

router = APIRouter(tags=["operations"])


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is alive."""
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(context: ContextDep) -> JSONResponse:
    """The database and the broker answer: ready for traffic."""
    checks = {"database": await _database_ok(context), "broker": await context.broker.ping()}
    ready = all(checks.values())
    return JSONResponse(
        {"status": "ok" if ready else "unavailable", **checks}, status_code=200 if ready else 503
    )


async def _database_ok(context: ContextDep) -> bool:
    try:
        async with context.db.engine.connect() as connection:
            await connection.execute(text("SELECT 1"))
        return True
    except Exception:
        return False


@router.get("/metrics", response_class=PlainTextResponse)
async def metrics(context: ContextDep) -> PlainTextResponse:
    body = context.metrics.render({"foxden_listeners": float(context.hub.count())})
    return PlainTextResponse(body, media_type="text/plain; version=0.0.4")

"""Health, readiness and Prometheus metrics for operators."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST

from app.ops.readiness import Readiness
from app.ops.scrape import exposition
from app.web.deps import ContextDep

router = APIRouter(tags=["operations"])


@router.get("/healthz", operation_id="getHealth")
async def healthz() -> dict[str, str]:
    """The process is alive."""
    return {"status": "ok"}


@router.get("/readyz", operation_id="getReadiness")
async def readyz(request: Request, context: ContextDep) -> JSONResponse:
    """The database and the broker answer: ready for traffic (checked at most once a second)."""
    readiness = getattr(request.app.state, "readiness", None)
    if readiness is None or readiness.context is not context:
        readiness = request.app.state.readiness = Readiness(context)
    verdict = await readiness.verdict()
    return JSONResponse(
        {
            "status": "ok" if verdict.ready else "unavailable",
            "database": verdict.database,
            "broker": verdict.broker,
        },
        status_code=200 if verdict.ready else 503,
    )


@router.get("/metrics", response_class=Response, operation_id="getMetrics")
async def metrics(context: ContextDep) -> Response:
    """Prometheus text format: every worker's figures, with HELP and TYPE lines."""
    return Response(await exposition(context), media_type=CONTENT_TYPE_LATEST)

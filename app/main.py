"""Build the FastAPI app: lifespan, routers, error handlers, static files."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from app.accounts.router import router as players_router
from app.accounts.service import ensure_env_admin
from app.admin.router import router as admin_router
from app.bodylimit import BodyLimit
from app.bots.runner import BotRunner
from app.bots.timers import TimerSweeper
from app.catalogue.router import router as games_router
from app.chat.router import router as chat_router
from app.config import Settings, get_settings
from app.context import AppContext
from app.db import Database
from app.errors import install_error_handlers
from app.faults import install_fault_handlers
from app.lobby.router import router as lobby_router
from app.matches.router import router as matches_router
from app.migrate import upgrade
from app.ops.router import router as ops_router
from app.pages import FRONTEND
from app.pages import router as pages_router
from app.ratelimit import RateLimiter
from app.realtime.broker import make_broker
from app.realtime.hub import Hub
from app.realtime.lobby_ws import router as lobby_ws_router
from app.realtime.match_ws import router as match_ws_router

DESCRIPTION = """The Foxden API: guest players, lobbies, matches of five fox games, live
updates over WebSocket and server-sent events, and admin routes. Every refusal is
`{"error": {"code", "message"}}` with a stable code."""


def build_context(settings: Settings) -> AppContext:
    context = AppContext(
        settings=settings,
        db=Database(settings.database_url, settings.db_pool_size),
        broker=make_broker(settings.redis_url),
        hub=Hub(),
        limiter=RateLimiter(settings.rate_per_minute),
    )
    context.bots = BotRunner(context)
    context.timers = TimerSweeper(context)
    return context


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.auto_migrate:
            upgrade(settings.database_url)
        context = build_context(settings)
        app.state.context = context
        if settings.admin_token:
            async with context.db.sessions() as session:
                await ensure_env_admin(session, settings.admin_token)
        await context.broker.start(context.hub.deliver)
        context.bots.start()
        context.timers.start()
        try:
            yield
        finally:
            await context.timers.stop()
            await context.bots.stop()
            await context.broker.close()
            await context.db.dispose()

    app = FastAPI(title="Foxden", version="1.0", description=DESCRIPTION, lifespan=lifespan)
    install_error_handlers(app)
    install_fault_handlers(app)
    routers = (
        players_router,
        games_router,
        lobby_router,
        matches_router,
        chat_router,
        admin_router,
        ops_router,
        match_ws_router,
        lobby_ws_router,
        pages_router,
    )
    for router in routers:
        app.include_router(router)
    if FRONTEND.is_dir():
        app.mount("/static", StaticFiles(directory=FRONTEND), name="static")
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    return app

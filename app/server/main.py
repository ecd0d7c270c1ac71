"""Build the FastAPI app: lifespan, routers, error handlers, static files."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial

from fastapi import Depends, FastAPI

from app.accounts.bot_router import router as bot_account_router
from app.accounts.device_sessions_router import router as device_sessions_router
from app.accounts.router import router as players_router
from app.accounts.service import TokenCache, ensure_env_admin
from app.accounts.strength_router import router as password_check_router
from app.admin.players_router import router as admin_players_router
from app.admin.router import router as admin_router
from app.bots.automation import Automation
from app.catalogue.router import router as games_router
from app.challenges.router import router as challenges_router
from app.chat.router import router as chat_router
from app.context import AppContext
from app.core.addresses import ClientAddress, parse_networks
from app.core.clock import Clock, RealClock
from app.core.config import Settings, get_settings, parse_origins
from app.core.db import Database
from app.core.errors import install_error_handlers
from app.core.packaged import FRONTEND
from app.daily.router import router as daily_router
from app.lobby.router import router as lobby_router
from app.matches.router import router as matches_router
from app.my_games.router import router as my_games_router
from app.notifications.digest import DailyDigest
from app.notifications.router import router as notifications_router
from app.ops import logredact
from app.ops.heap import freeze_startup_heap
from app.ops.instrument import instrument
from app.ops.logs import configure_logging
from app.ops.metrics import worker_exited
from app.ops.requestlog import RequestLog
from app.ops.router import router as ops_router
from app.player_events.publisher import PlayerNews
from app.player_events.router import router as player_events_router
from app.ratings.router import router as ratings_router
from app.ratings.settle import settle_pending
from app.realtime.asyncapi import router as asyncapi_router
from app.realtime.broker import make_broker
from app.realtime.hub import Hub
from app.realtime.lobby_ws import router as lobby_ws_router
from app.realtime.match_ws import router as match_ws_router
from app.realtime.presence import PresenceHeartbeat
from app.realtime.presence_store import make_presence_store
from app.review.router import router as review_router
from app.review.worker import ReviewWorker
from app.server.commit_listeners import wire_listeners
from app.server.migrate import upgrade
from app.server.shutdown import drain_on_signals
from app.server.startup import shared_database_fanout, sole_sqlite_process
from app.slow_play.router import router as slow_play_router
from app.tutorials.router import router as tutorials_router
from app.web.bodylimit import BodyLimit
from app.web.cors import ApiCors
from app.web.deps import limit_address
from app.web.faults import install_fault_handlers
from app.web.hygiene import RequestGuard, SecurityHeaders
from app.web.installable import router as installable_router
from app.web.openapi import truthful_openapi
from app.web.pages import router as pages_router
from app.web.ratelimit import RateLimiter
from app.web.ratelimit_headers import RateLimitHeaders
from app.web.release import current_release
from app.web.static_files import ReleaseFiles

DESCRIPTION = """The Foxden API: guest players and optional accounts, lobbies, matches of five
fox games, live updates over WebSocket and server-sent events, and admin routes. Every refusal is
`{"error": {"code", "message"}}` with a stable code."""


def build_context(settings: Settings, clock: Clock) -> AppContext:
    broker = make_broker(settings.redis_url)
    return AppContext(
        settings=settings,
        db=Database(settings.database_url, settings.db_connections),
        broker=broker,
        hub=Hub(follower=broker),  # the broker hears a topic while someone here listens
        limiter=RateLimiter(settings.rate_per_minute, clock=clock.monotonic),
        presence=make_presence_store(settings.redis_url),
        tokens=TokenCache(admin_token=settings.admin_token, clock=clock),
        clock=clock,
    )


def create_app(
    settings: Settings | None = None, clock: Clock | None = None, serving: bool = False
) -> FastAPI:
    """The app; `clock` is for tests, which drive time by hand (production: the real clock).
    `serving`: the app of a server process (app/server/asgi.py), which freezes its startup heap."""
    settings = settings or get_settings()
    clock = clock or RealClock()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        with sole_sqlite_process(settings), shared_database_fanout(settings):
            async with _running(app):
                yield

    @asynccontextmanager
    async def _running(app: FastAPI) -> AsyncIterator[None]:
        if settings.auto_migrate:
            upgrade(settings.database_url)
        context = build_context(settings, clock)
        instrument(context)
        # Recovery also settles what a crash left unrated: the ratings' step, on this context.
        automation = Automation(context, partial(settle_pending, context))
        heartbeat = PresenceHeartbeat(context)
        player_news = PlayerNews(context)  # players' event streams hear of commits
        reviews = ReviewWorker(context)  # post-game reviews, off the event loop
        app.state.context, app.state.automation = context, automation
        app.state.review_worker = reviews
        if settings.admin_token:
            async with context.db.sessions() as session:
                await ensure_env_admin(session, settings.admin_token)
        await context.fanout.start()
        await heartbeat.start()
        await context.push.start()
        digest = DailyDigest(context)  # each day's email of what waits, if SMTP is set
        app.state.digest = digest
        digest.start()
        wire_listeners(context, automation, player_news)
        automation.start()
        reviews.start()
        if serving:
            freeze_startup_heap()
        undo_drain = drain_on_signals(context.drain)
        try:
            yield
        finally:
            undo_drain()
            await context.commits.drain()  # what listeners still do for committed moves
            await player_news.stop()
            await reviews.stop()
            await context.push.stop()  # after the listeners that queue pushes
            await digest.stop()
            await automation.stop()
            await heartbeat.stop()
            await context.broker.close()
            await context.writer.close()
            await context.db.dispose()
            worker_exited()

    app = FastAPI(
        title="Foxden",
        version="1.0",
        description=DESCRIPTION,
        lifespan=lifespan,
        # /docs is ours (app/web/pages.py): Swagger UI served from here, no CDN, no inline script.
        docs_url=None,
        redoc_url=None,
        swagger_ui_oauth2_redirect_url=None,
    )
    install_error_handlers(app)
    install_fault_handlers(app)
    include_routers(app)
    if FRONTEND.is_dir():
        app.mount("/static", ReleaseFiles(directory=FRONTEND), name="static")
        current_release()  # the frontend's hashes, once, now rather than on a first request
    app.openapi = truthful_openapi(app)  # type: ignore[method-assign]
    install_middleware(app, settings)
    logredact.install()
    configure_logging(settings)
    return app


def include_routers(app: FastAPI) -> None:
    # These read a token: limited per player, or per address without a valid token.
    for router in (
        players_router,
        password_check_router,
        my_games_router,
        slow_play_router,
        lobby_router,
        matches_router,
        chat_router,
        admin_router,
        admin_players_router,
        player_events_router,
        challenges_router,
        tutorials_router,
        daily_router,
        review_router,
        notifications_router,
        bot_account_router,
        device_sessions_router,  # last in the document: a client walking it signs out at the end
    ):
        app.include_router(router)
    # These take no token: every request counts against its address.
    # After the players router: its /api/v1/players/me wins over the profile's /{player_id}.
    for router in (games_router, ratings_router, ops_router, pages_router, installable_router):
        app.include_router(router, dependencies=[Depends(limit_address)])
    for socket_router in (match_ws_router, lobby_ws_router):
        app.include_router(socket_router)
    app.include_router(asyncapi_router)  # served as /openapi.json is: one cached document


def install_middleware(app: FastAPI, settings: Settings) -> None:
    """Outermost last: headers go on every answer, the real client is known before limits."""
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(RateLimitHeaders)  # inside: it reads what the route's limit check left
    app.add_middleware(RequestGuard, max_header_bytes=settings.max_header_bytes)
    app.add_middleware(ClientAddress, proxies=parse_networks(settings.trusted_proxies))
    if origins := parse_origins(settings.cors_origins):
        # Outside the guards and limits: their refusals (413, 429) reach a cross-origin page
        # readable, Retry-After included.
        app.add_middleware(ApiCors, origins=origins)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RequestLog)  # outermost: times and logs every answer, refusals too

"""Cross-origin access to the public API, for browser clients served from other origins.

Only the origins in FOXDEN_CORS_ORIGINS may call (none by default: the table's own pages are
same-origin and need nothing). Credentials travel as a bearer token in `Authorization`, never
as cookies, so responses never say `Access-Control-Allow-Credentials`: another site can act
for a player only with a token that player gave it. Only `/api/` and the OpenAPI document are
shared; HTML pages and static files stay same-origin.
"""

from __future__ import annotations

from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

SHARED_PREFIXES = ("/api/", "/openapi.json")
ALLOWED_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
# What a client sends beyond the CORS-safelisted headers: its token, a revalidation tag, and
# the id of the last event it saw when it resumes an event stream.
ALLOWED_HEADERS = ("Authorization", "Content-Type", "If-None-Match", "Last-Event-ID")
# Headers a client reads to pace itself, page on and revalidate (browsers hide others).
EXPOSED_HEADERS = (
    "Retry-After",
    "RateLimit",
    "RateLimit-Policy",
    "Link",
    "ETag",
    "X-Request-ID",
)
PREFLIGHT_CACHE_SECONDS = 600


class ApiCors:
    """CORS on the public API's paths; every other path passes through untouched."""

    def __init__(self, app: ASGIApp, origins: list[str]) -> None:
        self.app = app
        self.cors = CORSMiddleware(
            app,
            allow_origins=origins,
            allow_methods=ALLOWED_METHODS,
            allow_headers=ALLOWED_HEADERS,
            allow_credentials=False,
            expose_headers=EXPOSED_HEADERS,
            max_age=PREFLIGHT_CACHE_SECONDS,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith(SHARED_PREFIXES):
            await self.cors(scope, receive, send)
        else:
            await self.app(scope, receive, send)

"""The `RateLimit-Policy` and `RateLimit` headers (IETF draft-ietf-httpapi-ratelimit-headers),
so a client can slow down before it is refused, not only after a 429.

Spelling (structured-field lists, one item per policy):
    RateLimit-Policy: "requests";q=200;w=10   (a bucket of 200 requests, refilled in 10 s)
    RateLimit: "requests";r=157;t=3           (157 left now; full again in 3 s)
The limiter is a token bucket: `q` is its size and `w` the seconds it takes to refill from
empty, so q/w is the sustained rate (FOXDEN_RATE_PER_MINUTE / 60). A refusal (429) says r=0
and carries `Retry-After`, the exact wait before one more request goes through.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.web.ratelimit import Charge, RateLimiter

POLICY = "requests"
# Where a route's limit check leaves its headers for the response (the ASGI scope is shared
# by the middleware and the route's dependencies).
SCOPE_KEY = "foxden.rate_limit"


def policy_header(limiter: RateLimiter) -> str:
    return f'"{POLICY}";q={int(limiter.burst)};w={limiter.window}'


def usage_header(charge: Charge) -> str:
    return f'"{POLICY}";r={charge.remaining};t={charge.reset}'


def remember(connection: HTTPConnection, limiter: RateLimiter, charge: Charge) -> None:
    """Keep this request's charge; the last one counted (the player's, after the address's
    check of a token) is the one the response shows."""
    connection.scope[SCOPE_KEY] = [
        (b"ratelimit-policy", policy_header(limiter).encode()),
        (b"ratelimit", usage_header(charge).encode()),
    ]


class RateLimitHeaders:
    """Adds the headers a limited route left in the scope to its response, refusals included."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            extra: list[tuple[bytes, bytes]] = scope.get(SCOPE_KEY, [])
            if message["type"] == "http.response.start" and extra:
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

"""Checks every request passes before any route, and headers every response carries."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.errors import send_refusal

# Pages load scripts, styles and images from this origin only, run no inline script, and may
# not be framed (clickjacking); sockets and fetches go back to this origin only.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # Invite links carry their code in the fragment; no URL of ours is worth telling others.
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    """Adds the security headers to every HTTP response, refusals and static files included."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class RequestGuard:
    """Refuses what no route could handle safely, before any route runs.

    Headers over `max_header_bytes` get 431. A NUL character in the path or the query string
    gets 400: no id or parameter of ours contains one, and Postgres cannot even compare text
    with it, so letting it through would turn a typo into a database error.
    """

    def __init__(self, app: ASGIApp, max_header_bytes: int) -> None:
        self.app = app
        self.max_header_bytes = max_header_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": refusal[1]})
        else:
            await send_refusal(send, *refusal)

    def _refusal(self, scope: Scope) -> tuple[str, str] | None:
        size = sum(len(name) + len(value) for name, value in scope.get("headers", []))
        if size > self.max_header_bytes:
            return "request/headers_too_large", "The request headers are too large."
        query = scope.get("query_string", b"")
        if "\x00" in scope.get("path", "") or b"%00" in query or b"\x00" in query:
            return "request/malformed", "The address contains a NUL character."
        return None

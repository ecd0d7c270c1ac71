"""Read every request body in full before the app, and refuse one over the limit with 413.

Reading first catches a chunked body that lied by omission before anything parses it, and it
keeps the connection reusable whatever the app answers: an HTTP/1.1 server can serve the next
request on a connection only once this one's body has been consumed, so a refusal sent before
the body was read would otherwise cost the client its keep-alive connection.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.errors import send_refusal

# A refused body is read and thrown away up to this size so the connection can be reused;
# past it, closing the connection is cheaper than reading on.
DRAIN_LIMIT = 1 << 20


class ClientGone(Exception):
    """The client disconnected before its body arrived: there is nobody to answer."""


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers", [])) if scope["type"] == "http" else {}
        if not _has_body(headers):
            await self.app(scope, receive, send)
            return
        declared = headers.get(b"content-length")
        if declared is not None and not declared.isdigit():
            await send_refusal(send, "request/malformed", "Content-Length is not a number.")
            return
        if declared is not None and int(declared) > self.max_bytes:
            drained = b"expect" not in headers and int(declared) <= DRAIN_LIMIT
            if drained and not await _discard(receive, DRAIN_LIMIT):
                return  # the client went away
            await _too_large(send, keep_alive=drained)
            return
        try:
            body, ended = await _read(receive, self.max_bytes)
        except ClientGone:
            return
        if body is None:
            await _too_large(send, keep_alive=ended or await _discard(receive, DRAIN_LIMIT))
            return
        await self.app(scope, _replay(body, receive), send)


def _has_body(headers: dict[bytes, bytes]) -> bool:
    return headers.get(b"content-length", b"0") != b"0" or b"transfer-encoding" in headers


async def _read(receive: Receive, limit: int) -> tuple[bytes | None, bool]:
    """The whole body, or None once it passes `limit`; and whether the body has ended."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientGone
        chunk = message.get("body", b"")
        size += len(chunk)
        ended = not message.get("more_body", False)
        if size > limit:
            return None, ended
        chunks.append(chunk)
        if ended:
            return b"".join(chunks), True


async def _discard(receive: Receive, limit: int) -> bool:
    """Read the rest of a refused body; False if the client left or it went past `limit`."""
    size = 0
    while size <= limit:
        message = await receive()
        if message["type"] == "http.disconnect":
            return False
        size += len(message.get("body", b""))
        if not message.get("more_body", False):
            return True
    return False


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body in one message, then whatever the server says next (a disconnect)."""
    pending = True

    async def replayed() -> Message:
        nonlocal pending
        if pending:
            pending = False
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


async def _too_large(send: Send, keep_alive: bool) -> None:
    await send_refusal(send, "request/too_large", "The request body is too large.", keep_alive)

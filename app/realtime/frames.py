"""What the match and lobby sockets share: frame checks, error frames, close codes, floods.

One rule for every client frame, so a third-party client meets one contract: a frame that is
not a JSON object with a "type" (binary, broken, nested too deep, an unknown type) gets an
`error` frame and the socket stays open; only a flood or an oversize frame closes it. Frames
draw on the same rate-limit bucket as the caller's HTTP requests ("player:<id>", or
"ip:<address>" until a token names the caller), so twenty sockets flood no faster than one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any, NoReturn

from fastapi import WebSocket, WebSocketDisconnect

from app.accounts.service import Identity, identity_for
from app.core.errors import ApiError
from app.realtime import signouts
from app.realtime.context import RealtimeContext
from app.realtime.frame_models import PingFrame, read_frame
from app.realtime.messages import match_of

POLICY_VIOLATION = 1008
TOO_BIG = 1009
SERVICE_RESTART = 1012  # this process is stopping: reconnect (docs/api.md, Close codes)
TRY_AGAIN_LATER = 1013
# Real frames are two or three levels deep; a cap keeps a pathological frame out of every
# recursive walk (json.dumps, the engines' parsers) that comes after the read.
MAX_DEPTH = 32
MALFORMED = 'Send a JSON object with a "type".'


class Closing(Exception):
    """The socket must close with this code; the error frame saying why is already sent."""

    def __init__(self, code: int) -> None:
        self.code = code


class ClientSocket:
    """One accepted WebSocket: sends one at a time, and reads frames through the checks.

    A subclass names the client frames it reads in FRAMES and handles each frame type in a method
    `on_<kind>`, which gets the frame read through its model (app/realtime/frame_models.py);
    every other type is answered as unknown, a frame its model refuses as malformed. The
    names are also the rows of the sockets' authorization matrix
    (tests/platform/realtime/test_socket_authorization.py)."""

    FRAMES: tuple[str, ...] = ("ping",)

    kind = "socket"  # match | lobby: how the open-sockets metric counts it

    def __init__(self, context: RealtimeContext, socket: WebSocket) -> None:
        self.context = context
        self.socket = socket
        self._send_lock = asyncio.Lock()
        # Held while a frame is handled: a drain closes the socket only between frames.
        self._handling = asyncio.Lock()
        self.address = "ip:" + (socket.client.host if socket.client else "?")
        self.caller = self.address  # whose bucket the frames draw on; a hello may name a player
        self._slot: tuple[str, str] | None = None  # (topic, caller) this socket is counted as
        self._signout_watch: asyncio.Task[None] | None = None
        self._token_hash: str | None = None  # of the token the socket was opened with
        self.signed_out = False  # its token was revoked: it answers no frame and closes

    async def send(self, message: dict[str, Any]) -> None:
        async with self._send_lock:
            await self.socket.send_text(json.dumps(message))

    async def error(self, code: str, message: str, frame_id: Any = None) -> None:
        await self.send({"type": "error", "code": code, "message": message, "id": frame_id})

    async def refuse(self, code: str, message: str, close_code: int) -> NoReturn:
        """Say why in an error frame, then have the socket closed with `close_code`."""
        await self.error(code, message)
        raise Closing(close_code)

    @contextlib.asynccontextmanager
    async def handling(self) -> AsyncIterator[None]:
        """Around the handling of one frame: a drain waits for it to be answered."""
        drain = self.context.drain
        async with self._handling:
            drain.enter()
            try:
                yield
            finally:
                drain.leave()

    async def closes_on_drain(self) -> None:
        """When the process drains: after the frame being handled, close with 1012."""
        await self.context.drain.started()
        async with self._handling:
            raise Closing(SERVICE_RESTART)

    async def dispatch(self, frame: dict[str, Any]) -> None:
        if self.signed_out:  # a frame read while the close waited for the one before
            return
        kind = frame["type"]
        if kind not in self.FRAMES:
            await self.error("request/malformed", f"Unknown frame type '{kind}'.")
            return
        try:
            model = read_frame(frame)
        except ApiError as refusal:
            await self.error(refusal.code, refusal.message, _echoed_id(frame))
            return
        await getattr(self, "on_" + kind)(model)

    async def on_ping(self, frame: PingFrame) -> None:
        await self.send({"type": "pong"})

    async def receive(self) -> dict[str, Any]:
        """The client's next well-formed frame; each malformed one is answered and skipped."""
        while True:
            text = await self._next_text()
            try:
                return _decode(text)
            except ApiError as refusal:
                await self.error(refusal.code, refusal.message)

    async def _next_text(self) -> str | None:
        """The next frame's text (None for a binary frame), after the size and flood checks."""
        message = await self.socket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text: str | None = message.get("text")
        size = len(text.encode()) if text is not None else len(message.get("bytes") or b"")
        if size > self.context.settings.max_body_bytes:
            await self.refuse("request/too_large", "That frame is too large.", TOO_BIG)
        wait = self.context.limiter.retry_after(self.caller)
        if wait:
            self.context.metrics.rate_limited.inc()
            message_text = f"Too many frames: wait {wait} s before reconnecting."
            await self.refuse("rate/limited", message_text, POLICY_VIOLATION)
        return text

    async def hold_slot(self, topic: str) -> None:
        """Count this socket against its caller's cap on `topic` (FOXDEN_WS_SOCKETS_PER_MATCH,
        for match and lobby sockets alike); a hello that changed the caller moves the count.
        One socket too many is told to retry later and closed."""
        if self._slot == (topic, self.caller):
            return
        self.release_slot()
        limit = self.context.settings.ws_sockets_per_match
        if not self.context.sockets.take(topic, self.caller, limit):
            where = "match" if match_of(topic) is not None else "table"
            message = f"You already have {limit} sockets open on this {where}: close one first."
            await self.refuse("rate/too_many_sockets", message, TRY_AGAIN_LATER)
        self._slot = (topic, self.caller)

    def release_slot(self) -> None:
        if self._slot is not None:
            self.context.sockets.give_back(*self._slot)
            self._slot = None

    async def identify(self, token: str | None) -> Identity | None:
        """Who a hello's token names (None: anonymous); a token that names nobody closes."""
        if token is None:
            self.caller = self.address
            return None
        identity = await self.lookup(token)
        if identity is None:
            await self.refuse("auth/invalid", "This token is not valid.", POLICY_VIOLATION)
        return identity

    async def lookup(self, token: str) -> Identity | None:
        """The player a token names; their frames draw on their own bucket from now on, and
        the socket closes when that token is revoked."""
        async with self.context.db.sessions() as session:
            identity = await identity_for(session, token, self.context.tokens)
        if identity is not None:
            self.caller = "player:" + identity.id
        self.watch_signout(identity)
        return identity

    def watch_signout(self, identity: Identity | None) -> None:
        """Close this socket once the token that named `identity` is revoked; a later hello
        naming someone else watches their token instead."""
        self.stop_watching()
        self._token_hash = identity.token_hash if identity is not None else None
        if self._token_hash is not None:
            watch = self._close_when_signed_out(self._token_hash)
            self._signout_watch = asyncio.create_task(watch)

    async def still_signed_in(self) -> bool:
        """Whether the token this socket was opened with still names someone (always, for
        a spectator or the configured admin token)."""
        if self._token_hash is None or await self.context.signouts.still_signed_in(
            self._token_hash
        ):
            return True
        self.signed_out = True  # the watcher closes the socket
        return False

    def stop_watching(self) -> None:
        if self._signout_watch is not None:
            self._signout_watch.cancel()
            self._signout_watch = None

    async def _close_when_signed_out(self, token_hash: str) -> None:
        await self.context.signouts.signed_out(token_hash)
        self.signed_out = True
        async with self._handling:  # the frame being handled is answered first
            with contextlib.suppress(Exception):  # the client may be gone already
                await self.error(signouts.CODE, signouts.MESSAGE)
                await self.socket.close(signouts.SIGNED_OUT)


def _echoed_id(frame: dict[str, Any]) -> str | None:
    """The id a refused `act` carried, so that a client can match the refusal to its move."""
    frame_id = frame.get("id")
    return frame_id if frame["type"] == "act" and isinstance(frame_id, str) else None


def _decode(text: str | None) -> dict[str, Any]:
    if text is None:
        raise ApiError("request/malformed", "Send text frames: binary frames are not read.")
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        frame = None
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        raise ApiError("request/malformed", MALFORMED)
    if not _within_depth(frame, MAX_DEPTH):
        raise ApiError("request/malformed", f"Frames nest at most {MAX_DEPTH} levels deep.")
    return frame


def _within_depth(value: Any, limit: int) -> bool:
    # A walk with its own stack: the check itself must not recurse on the client's input.
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if not isinstance(item, dict | list):
            continue
        if depth > limit:
            return False
        children = item.values() if isinstance(item, dict) else item
        pending.extend((child, depth + 1) for child in children)
    return True


async def serve(client: ClientSocket, session: Callable[[], Awaitable[None]]) -> None:
    """Run one accepted socket to its end; close it with the code a refusal chose."""
    metrics = client.context.metrics
    metrics.socket_opened(client.kind)
    try:
        if client.context.drain.draining:  # accepted while this process stops: go elsewhere
            raise Closing(SERVICE_RESTART)
        await session()
    except Closing as closing:
        with contextlib.suppress(Exception):  # the client may be gone already
            await client.socket.close(closing.code)
    except ApiError as refusal:  # the match or lobby vanished, or was never there
        with contextlib.suppress(Exception):
            await client.error(refusal.code, refusal.message)
            await client.socket.close(POLICY_VIOLATION)
    except (WebSocketDisconnect, RuntimeError):
        pass  # the client left, or Starlette refuses to use a socket that already closed
    finally:
        client.stop_watching()
        client.release_slot()
        metrics.socket_closed(client.kind)


async def run_until_first_ends(*jobs: Coroutine[Any, Any, None]) -> None:
    """Run until either task ends (the client left, or a close was decided); cancel the rest."""
    tasks = [asyncio.create_task(job) for job in jobs]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            task.result()
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

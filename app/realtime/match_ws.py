"""WS /api/v1/matches/{id}/ws: hello, then envelopes pushed on every change, acts and pings.

Two tasks per socket: one reads the client's frames, one pushes envelopes when the hub says the
match changed. Every envelope is built for this socket's viewer only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.accounts.service import Identity, identity_for
from app.chat.router import last_seq, messages_after
from app.context import AppContext
from app.errors import ApiError
from app.matches.presence import connected, presence
from app.matches.router import viewer_seat
from app.matches.service import Actor, act
from app.matches.store import load_match, match_for_push
from app.ratelimit import RateLimiter

router = APIRouter()
HELLO_SECONDS = 10.0
POLICY_VIOLATION = 1008
TOO_BIG = 1009


class Closing(Exception):
    """The socket must close with this code after the error frame is sent."""

    def __init__(self, code: int) -> None:
        self.code = code


class MatchSocket:
    def __init__(self, context: AppContext, socket: WebSocket, match_id: str) -> None:
        self.context = context
        self.socket = socket
        self.match_id = match_id
        self.identity: Identity | None = None
        self.seat: int | None = None
        self.sent_version = -1
        self.chat_seq = 0
        self._send_lock = asyncio.Lock()
        self._flood = RateLimiter(context.settings.rate_per_minute)

    async def send(self, message: dict[str, Any]) -> None:
        async with self._send_lock:
            await self.socket.send_text(json.dumps(message))

    async def error(self, code: str, message: str, frame_id: Any = None) -> None:
        await self.send({"type": "error", "code": code, "message": message, "id": frame_id})

    async def push(self, version: int | None, force: bool = False) -> None:
        """Send the current envelope; `force` resends an unchanged version (presence)."""
        loaded = await match_for_push(self.context, self.match_id, version)
        if loaded.version < self.sent_version or (
            loaded.version == self.sent_version and not force
        ):
            return
        seats = await presence(self.context, self.match_id)
        frame = self.context.envelopes.frame(loaded, self.seat, seats)
        async with self._send_lock:
            # Two pushes may race; the older one must not overtake: versions only increase.
            if loaded.version < self.sent_version:
                return
            self.sent_version = loaded.version
            await self.socket.send_text(frame)

    async def read_frame(self, timeout: float | None = None) -> dict[str, Any]:
        text = await asyncio.wait_for(self.socket.receive_text(), timeout)
        if len(text.encode()) > self.context.settings.max_body_bytes:
            await self.error("request/too_large", "That frame is too large.")
            raise Closing(TOO_BIG)
        if self._flood.retry_after("frames"):
            await self.error("rate/limited", "Too many frames: slow down.")
            raise Closing(POLICY_VIOLATION)
        try:
            frame = json.loads(text)
        except ValueError:
            frame = None
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
            raise ApiError("request/malformed", 'Send a JSON object with a "type".')
        return frame

    async def hello(self) -> None:
        """The first frame says who is watching; no token means a spectator."""
        try:
            frame = await self.read_frame(HELLO_SECONDS)
        except ApiError as refusal:
            await self.error(refusal.code, refusal.message)
            raise Closing(POLICY_VIOLATION) from refusal
        if frame.get("type") != "hello":
            await self.error("request/malformed", 'Start with {"type": "hello", "token": ...}.')
            raise Closing(POLICY_VIOLATION)
        token = frame.get("token")
        if token is not None:
            async with self.context.db.sessions() as session:
                self.identity = await identity_for(session, str(token), self.context.tokens)
            if self.identity is None:
                await self.error("auth/invalid", "This token is not valid.")
                raise Closing(POLICY_VIOLATION)
        async with self.context.db.sessions() as session:
            loaded = await load_match(self.context, session, self.match_id)
            self.chat_seq = await last_seq(session, self.match_id)
        try:
            self.seat = viewer_seat(loaded, self.identity)
        except ApiError as refusal:
            await self.error(refusal.code, refusal.message)
            raise Closing(POLICY_VIOLATION) from refusal

    async def handle(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "ping":
            await self.send({"type": "pong"})
        elif kind == "act":
            await self.handle_act(frame)
        elif kind == "hello":
            await self.push(None, force=True)  # a resync request
        else:
            raise ApiError("request/malformed", f"Unknown frame type '{kind}'.")

    async def handle_act(self, frame: dict[str, Any]) -> None:
        frame_id = frame.get("id")
        unknown = set(frame) - {"type", "action", "version", "id"}
        version = frame.get("version")
        if (
            unknown
            or not isinstance(frame.get("action"), dict)
            or not (version is None or (isinstance(version, int) and not isinstance(version, bool)))
            or not (frame_id is None or (isinstance(frame_id, str) and 0 < len(frame_id) <= 64))
        ):
            await self.error(
                "request/malformed",
                'Send {"type": "act", "action": {...}, "version": n, "id": "..."}.',
                frame_id if isinstance(frame_id, str) else None,
            )
            return
        if self.identity is None:
            await self.error("action/not_seated", "Spectators cannot act.", frame_id)
            return
        try:
            committed, _ = await act(
                self.context,
                self.match_id,
                Actor("player", player_id=self.identity.id),
                frame["action"],
                version,
                frame_id,
            )
        except ApiError as refusal:
            await self.error(refusal.code, refusal.message, frame_id)
            return
        await self.push(committed.version, force=True)

    async def reader(self) -> None:
        while True:
            try:
                frame = await self.read_frame()
            except ApiError as refusal:
                await self.error(refusal.code, refusal.message)
                continue
            await self.handle(frame)

    async def pusher(self) -> None:
        with self.context.hub.listen("match:" + self.match_id) as listener:
            await self.push(None, force=True)
            while True:
                for message in await listener.next():
                    if message.startswith("chat:"):
                        await self.push_chat()
                    else:
                        digits = message.isdigit()
                        await self.push(int(message) if digits else None, force=not digits)

    async def push_chat(self) -> None:
        """New chat messages since the last one this socket was sent."""
        async with self.context.db.sessions() as session:
            loaded = await load_match(self.context, session, self.match_id)
            fresh = await messages_after(session, loaded, self.chat_seq)
        for message in fresh:
            self.chat_seq = max(self.chat_seq, message.seq)
            await self.send({"type": "chat", **message.model_dump(mode="json")})


@router.websocket("/api/v1/matches/{match_id}/ws")
async def match_socket(socket: WebSocket, match_id: str) -> None:
    context: AppContext = socket.app.state.context
    await socket.accept()
    session = MatchSocket(context, socket, match_id)
    context.metrics.gauge("foxden_sockets", +1)
    try:
        await session.hello()
        async with connected(context, match_id, session.seat):
            await _run_both(session.reader(), session.pusher())
    except Closing as closing:
        await socket.close(closing.code)
    except ApiError as refusal:  # the match vanished or was never there
        with contextlib.suppress(Exception):
            await session.error(refusal.code, refusal.message)
            await socket.close(POLICY_VIOLATION)
    except (WebSocketDisconnect, TimeoutError, RuntimeError):
        pass
    finally:
        context.metrics.gauge("foxden_sockets", -1)


async def _run_both(*jobs: Any) -> None:
    """Run until either task ends (the client left, or a close was decided); cancel the other."""
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

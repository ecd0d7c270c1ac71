"""GET /matches/{id}/stream: the match as server-sent events for one viewer.

A stream ends in one of four ways: the client leaves; the match is over (a last `end` event
follows the final envelope, app/realtime/match_end.py); this process drains (`retry:` asks the
browser to come back soon, to another process); or the token it opened with is revoked, when a
last `signed_out` event says so (docs/api.md, Event streams). Streams count against the same
per-match cap as sockets (FOXDEN_WS_SOCKETS_PER_MATCH), slot taken before the answer starts.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import Any

import orjson
from fastapi import Request
from fastapi.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

from app.accounts.identity import Identity
from app.core.errors import ApiError
from app.matches.loaded import LoadedMatch
from app.matches.store import match_for_push
from app.realtime import signouts
from app.realtime.context import RealtimeContext
from app.realtime.hub import Listener
from app.realtime.match_end import end_event, is_over
from app.realtime.messages import Chat, Known, Version, match_topic
from app.realtime.presence import connected, presence
from app.realtime.slots import SocketSlots

# After a restart the browser's EventSource reconnects this soon (its default is ~3 s).
RECONNECT_MS = 500
SIGNED_OUT_EVENT = "event: signed_out\ndata: {}\n\n".format(
    orjson.dumps({"code": signouts.CODE, "message": signouts.MESSAGE}).decode()
)


class StreamEnds(Exception):
    """The stream must end after this last text (a drain, a revoked token)."""

    def __init__(self, last: str) -> None:
        self.last = last


class EventStream(StreamingResponse):
    """A stream that gives its caller's slot back however it ends, even before its first
    byte (a client that leaves at once never starts the body's generator)."""

    def __init__(self, body: AsyncIterator[str], give_back: tuple[str, str], sockets: SocketSlots):
        super().__init__(
            body,
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )
        self.slot = give_back
        self.sockets = sockets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.sockets.give_back(*self.slot)


def event_stream(
    context: RealtimeContext,
    request: Request,
    match_id: str,
    seat: int | None,
    viewer: Identity | None,
) -> StreamingResponse:
    slot = _take_slot(context, request, match_id, viewer)
    token_hash = viewer.token_hash if viewer is not None else None
    return EventStream(_events(context, request, match_id, seat, token_hash), slot, context.sockets)


def _take_slot(
    context: RealtimeContext, request: Request, match_id: str, viewer: Identity | None
) -> tuple[str, str]:
    """Count the stream like a socket of its caller on the match, or refuse with 429."""
    topic = match_topic(match_id)
    caller = "player:" + viewer.id if viewer else "ip:" + (request.client or ("?",))[0]
    limit = context.settings.ws_sockets_per_match
    if not context.sockets.take(topic, caller, limit):
        raise ApiError(
            "rate/too_many_sockets",
            f"You already have {limit} sockets or streams open on this match: close one first.",
            headers={"Retry-After": "5"},
        )
    return topic, caller


async def _events(
    context: RealtimeContext,
    request: Request,
    match_id: str,
    seat: int | None,
    token_hash: str | None,
) -> AsyncIterator[str]:
    keepalive = context.settings.keepalive_seconds
    with (
        context.metrics.open_socket("stream"),
        context.hub.listen(match_topic(match_id)) as listener,
        _watching(context, token_hash) as signed_out,
    ):
        await listener.subscribed()  # moves from now on are heard: read what stands after it
        async with connected(context, match_id, seat):
            loaded, event = await _envelope_event(context, match_id, seat, None)
            yield event
            if is_over(loaded):  # the final envelope, and the last word (match_end.py)
                yield end_event(loaded)
                return
            while not await request.is_disconnected():
                try:
                    messages = await _next_change(context, listener, keepalive, signed_out)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                except StreamEnds as end:
                    yield end.last
                    return
                if all(isinstance(m, Chat) for m in messages):
                    continue  # the stream carries envelopes only
                versions = [m.version for m in messages if isinstance(m, Version)]
                version = max(versions, default=None)
                loaded, event = await _envelope_event(context, match_id, seat, version)
                yield event
                if is_over(loaded):
                    yield end_event(loaded)
                    return


@contextlib.contextmanager
def _watching(context: RealtimeContext, token_hash: str | None) -> Iterator[asyncio.Future[None]]:
    """A future that completes when the stream's token is revoked (never, without a token)."""
    if token_hash is None:
        watch: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    else:
        watch = asyncio.ensure_future(context.signouts.signed_out(token_hash))
    try:
        yield watch
    finally:
        watch.cancel()


async def _next_change(
    context: RealtimeContext, listener: Listener, seconds: float, signed_out: asyncio.Future[None]
) -> list[Known]:
    """The listener's next messages (TimeoutError: none came within `seconds`; StreamEnds:
    the process drains, or the token was revoked)."""
    if context.drain.draining:
        raise StreamEnds(f"retry: {RECONNECT_MS}\n\n")
    changed = asyncio.ensure_future(listener.messages())
    draining = asyncio.ensure_future(context.drain.started())
    waiting: set[asyncio.Future[Any]] = {changed, draining, signed_out}
    try:
        done, _ = await asyncio.wait(waiting, timeout=seconds, return_when="FIRST_COMPLETED")
    finally:
        changed.cancel()
        draining.cancel()
    if signed_out in done:
        raise StreamEnds(SIGNED_OUT_EVENT)
    if draining in done:
        raise StreamEnds(f"retry: {RECONNECT_MS}\n\n")
    if changed in done:
        return changed.result()
    raise TimeoutError


async def _envelope_event(
    context: RealtimeContext, match_id: str, seat: int | None, version: int | None
) -> tuple[LoadedMatch, str]:
    """The match as pushed, and its envelope event; the event's `id` is the match version."""
    loaded = await match_for_push(context, match_id, version)
    body = context.envelopes.body(loaded, seat, await presence(context, match_id))
    return loaded, f"id: {loaded.version}\nevent: envelope\ndata: {body.decode()}\n\n"

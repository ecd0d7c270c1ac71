"""GET /matches/{id}/stream: the match as server-sent events for one viewer."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from fastapi import Request
from fastapi.responses import StreamingResponse

from app.context import AppContext
from app.matches.presence import connected, presence
from app.matches.store import match_for_push
from app.realtime.hub import Listener

# After a restart the browser's EventSource reconnects this soon (its default is ~3 s).
RECONNECT_MS = 500


def event_stream(
    context: AppContext, request: Request, match_id: str, seat: int | None
) -> StreamingResponse:
    return StreamingResponse(
        _events(context, request, match_id, seat),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


async def _events(
    context: AppContext, request: Request, match_id: str, seat: int | None
) -> AsyncIterator[str]:
    keepalive = context.settings.keepalive_seconds
    with context.metrics.open_socket("stream"), context.hub.listen("match:" + match_id) as listener:
        async with connected(context, match_id, seat):
            yield await _envelope_event(context, match_id, seat, None)
            while not await request.is_disconnected():
                try:
                    messages = await _next_unless_draining(context, listener, keepalive)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if messages is None:  # this process stops: reconnect soon, elsewhere
                    yield f"retry: {RECONNECT_MS}\n\n"
                    return
                if all(m.startswith("chat:") for m in messages):
                    continue  # the stream carries envelopes only
                versions = [int(m) for m in messages if m.isdigit()]
                yield await _envelope_event(context, match_id, seat, max(versions, default=None))


async def _next_unless_draining(
    context: AppContext, listener: Listener, seconds: float
) -> list[str] | None:
    """The listener's next messages, or None once the process drains (TimeoutError: none
    came within `seconds`)."""
    if context.drain.draining:
        return None
    changed = asyncio.ensure_future(listener.next())
    draining = asyncio.ensure_future(context.drain.started())
    try:
        done, _ = await asyncio.wait(
            {changed, draining}, timeout=seconds, return_when="FIRST_COMPLETED"
        )
    finally:
        changed.cancel()
        draining.cancel()
    if draining in done:
        return None
    if changed in done:
        return changed.result()
    raise TimeoutError


async def _envelope_event(
    context: AppContext, match_id: str, seat: int | None, version: int | None
) -> str:
    loaded = await match_for_push(context, match_id, version)
    body = context.envelopes.body(loaded, seat, await presence(context, match_id))
    return f"id: {loaded.version}\nevent: envelope\ndata: {body.decode()}\n\n"

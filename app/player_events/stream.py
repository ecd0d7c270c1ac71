"""GET /players/me/events: a player's news as ndjson (default) or server-sent events.

The stream first sends where things stand (snapshot.py), then each event published on the
player's topic (publisher.py, the challenge routes), on whichever process it was committed.
The topic is listened to before the snapshot is read, so nothing committed in between is lost;
events already sent are not sent twice. Between events, a keep-alive every KEEPALIVE_SECONDS on
the app's clock: an empty line (ndjson) or a comment (SSE), so proxies keep the line open.

It ends like the match streams (app/realtime/sse.py): when the client leaves; when the process
drains (SSE asks the browser to come back soon); when its token is revoked, after a last
`signed_out` event. Streams count against the player's socket cap (FOXDEN_WS_SOCKETS_PER_MATCH,
one topic for all of a player's event streams), the slot taken before the answer starts.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from datetime import datetime, timedelta
from typing import Any

import orjson
from fastapi import Request
from starlette.types import Receive, Scope, Send

from app.accounts.identity import Identity
from app.core.errors import ApiError
from app.player_events import news
from app.player_events.context import PlayerEventsContext
from app.player_events.snapshot import current_events
from app.realtime import signouts
from app.realtime.hub import Listener
from app.realtime.messages import Known, News, Resync, player_topic
from app.realtime.sse import RECONNECT_MS, EventStream

KEEPALIVE_SECONDS = 20.0
NDJSON = "application/x-ndjson"
SSE = "text/event-stream"
SLOT_TOPIC = "player-events"
SIGNED_OUT = {"type": "signed_out", "code": signouts.CODE, "message": signouts.MESSAGE}


def wants_sse(request: Request) -> bool:
    return SSE in request.headers.get("accept", "")


class PlayerEventStream(EventStream):
    """Listens on the player's topic from before its first byte (a client that starts a match
    as soon as it has the answer's headers hears of it), and stops listening however it ends."""

    def __init__(
        self,
        context: PlayerEventsContext,
        request: Request,
        player: Identity,
        slot: tuple[str, str],
    ) -> None:
        self.listening = contextlib.ExitStack()
        listener = self.listening.enter_context(context.hub.listen(player_topic(player.id)))
        sse = wants_sse(request)
        # The first keep-alive is due KEEPALIVE_SECONDS after the request, fixed before the
        # first byte: a client's clock and the server's agree on when it comes.
        first_beat = context.clock.now() + timedelta(seconds=KEEPALIVE_SECONDS)
        body = _events(context, request, player, listener, sse, first_beat)
        super().__init__(body, slot, context.sockets)
        if not sse:
            self.media_type = NDJSON
            self.headers["content-type"] = NDJSON

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.listening.close()


def player_event_stream(
    context: PlayerEventsContext, request: Request, player: Identity
) -> PlayerEventStream:
    caller = "player:" + player.id
    limit = context.settings.ws_sockets_per_match
    if not context.sockets.take(SLOT_TOPIC, caller, limit):
        raise ApiError(
            "rate/too_many_sockets",
            f"You already have {limit} event streams open: close one first.",
            headers={"Retry-After": "5"},
        )
    return PlayerEventStream(context, request, player, (SLOT_TOPIC, caller))


@contextlib.contextmanager
def _signed_out(
    context: PlayerEventsContext, token_hash: str | None
) -> Iterator[asyncio.Future[None]]:
    """Completes when the stream's token is revoked, on any process (app/realtime/signouts.py;
    never for the configured admin token, which has no hash)."""
    if token_hash is None:
        watch: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    else:
        watch = asyncio.ensure_future(context.signouts.signed_out(token_hash))
    try:
        yield watch
    finally:
        watch.cancel()


def _line(event: dict[str, Any], sse: bool) -> str:
    data = orjson.dumps(event).decode()
    return f"event: {event['type']}\ndata: {data}\n\n" if sse else data + "\n"


async def _events(
    context: PlayerEventsContext,
    request: Request,
    player: Identity,
    listener: Listener,
    sse: bool,
    beat_at: datetime,
) -> AsyncIterator[str]:
    sent: set[tuple[Any, ...]] = set()
    keepalive = ": keep-alive\n\n" if sse else "\n"
    with (
        context.metrics.open_socket("stream"),
        _signed_out(context, player.token_hash) as signed_out,
    ):
        await listener.subscribed()  # news from now on is heard: read what stands after it
        pending = await current_events(context, player.id)
        while True:
            for event in pending:
                key = news.dedupe_key(event)
                if key not in sent:
                    sent.add(key)
                    yield _line(event, sse)
            if await request.is_disconnected():
                return
            try:
                woke = await _next(context, listener, signed_out, sse, beat_at)
            except _Ends as end:
                if end.last is not None:
                    yield _line(SIGNED_OUT, sse) if end.last == SIGNED_OUT_END else end.last
                return
            pending = [] if woke is None else await _decoded(context, player.id, woke)
            if woke is None:
                beat_at = context.clock.now() + timedelta(seconds=KEEPALIVE_SECONDS)
                yield keepalive


async def _decoded(
    context: PlayerEventsContext, player_id: str, messages: list[Known]
) -> list[dict[str, Any]]:
    """The events in the messages; after a resync (news may have been lost while the broker
    was away), where things stand now, read again."""
    if any(isinstance(m, Resync) for m in messages):
        return await current_events(context, player_id)
    return [m.event for m in messages if isinstance(m, News)]


class _Ends(Exception):
    """The stream ends after `last` (None: nothing more to send)."""

    def __init__(self, last: str | None) -> None:
        self.last = last


SIGNED_OUT_END = "signed_out"


async def _next(
    context: PlayerEventsContext,
    listener: Listener,
    signed_out: asyncio.Future[None],
    sse: bool,
    beat_at: datetime,
) -> list[Known] | None:
    """The next messages (None: the keep-alive is due at `beat_at` on the app's clock); _Ends
    when the token is revoked or the process drains (SSE: come back soon, elsewhere)."""
    drained = _Ends(f"retry: {RECONNECT_MS}\n\n" if sse else None)
    if context.drain.draining:
        raise drained
    changed = asyncio.ensure_future(listener.messages())
    draining = asyncio.ensure_future(context.drain.started())
    quiet = asyncio.ensure_future(context.clock.sleep(_seconds_until(context, beat_at)))
    waiting: set[asyncio.Future[Any]] = {changed, draining, signed_out, quiet}
    try:
        done, _ = await asyncio.wait(waiting, return_when="FIRST_COMPLETED")
    finally:
        for future in (changed, draining, quiet):
            future.cancel()
    if signed_out in done:
        raise _Ends(SIGNED_OUT_END)
    if draining in done:
        raise drained
    return changed.result() if changed in done else None


def _seconds_until(context: PlayerEventsContext, when: datetime) -> float:
    return max(0.0, (when - context.clock.now()).total_seconds())

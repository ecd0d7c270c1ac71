"""WS /api/v1/lobbies/{id}/ws: the lobby, pushed after the hello and on every change.

A `{"type": "hello", "token": ...}` frame says who watches (members also see the invite code);
the first push waits for it, so a member never sees the lobby without its code first. The
token goes in a frame, not in the URL, because URLs end up in access logs. Clients of the first
release are still served: `?token=` is read and pushed to at once, and a client that never says
hello gets its first push after `ws_lobby_hello_seconds`. Frame checks, error frames and close
codes are those of every socket (frames.py).
"""

from __future__ import annotations

import contextlib

from fastapi import APIRouter, WebSocket

from app.accounts.service import Identity
from app.core.clock import deadline
from app.lobby.activity import idle_cutoff
from app.lobby.publish import lobby_public
from app.lobby.service import get_lobby
from app.realtime.context import RealtimeContext
from app.realtime.frame_models import HelloFrame
from app.realtime.frames import ClientSocket, run_until_first_ends, serve
from app.realtime.hub import Listener
from app.realtime.messages import ViewerChanged, lobby_topic

router = APIRouter()


class LobbySocket(ClientSocket):
    FRAMES = ("hello", "ping")
    kind = "lobby"

    def __init__(self, context: RealtimeContext, socket: WebSocket, lobby_id: str) -> None:
        super().__init__(context, socket)
        self.lobby_id = lobby_id
        self.identity: Identity | None = None
        self.topic = lobby_topic(lobby_id)
        self.listener: Listener

    async def run(self, url_token: str | None) -> None:
        first_push_after = self.context.settings.ws_lobby_hello_seconds
        if url_token:  # the first release's way; a token that names nobody just watches
            self.identity = await self.lookup(url_token)
            first_push_after = 0.0
        with self.context.hub.listen(self.topic) as listener:
            await listener.subscribed()  # changes from now on are heard; the first push reads
            await run_until_first_ends(
                self.reader(listener),
                self.pusher(listener, first_push_after),
                self.closes_on_drain(),
            )

    async def push(self) -> None:
        # Load and send under one lock: a push never overtakes a later one with an older lobby.
        async with self._send_lock:
            if self.signed_out:  # its token was revoked: not even the invite code
                return
            async with self.context.db.sessions() as session:
                lobby = await get_lobby(session, self.lobby_id)
                cutoff = idle_cutoff(self.context.settings, self.context.clock.now())
                public = await lobby_public(session, lobby, self.identity, cutoff)
            await self.socket.send_text(
                public.model_dump_json().replace("{", '{"type":"lobby",', 1)
            )

    async def pusher(self, listener: Listener, first_push_after: float) -> None:
        if first_push_after > 0:
            # A client that never says hello. A timeout (asyncio.timeout's, on the app's
            # clock), not wait_for: on Python 3.11 wait_for drops a cancel that lands as the
            # hello arrives, and a socket that should close (a drain, the client gone) would
            # then wait forever.
            with contextlib.suppress(TimeoutError):
                async with deadline(self.context.clock, first_push_after):
                    await listener.messages()
        while True:
            # Counted from its first push, as whoever the hello named (or its address).
            await self.hold_slot(self.topic)
            await self.push()
            await listener.messages()  # a change, or a hello that changed the viewer

    async def reader(self, listener: Listener) -> None:
        self.listener = listener
        while True:
            await self.dispatch(await self.receive())

    async def on_hello(self, frame: HelloFrame) -> None:
        self.identity = await self.identify(frame.token)
        self.listener.notify(
            ViewerChanged().encode()
        )  # push what this viewer may see (the invite code)


@router.websocket("/api/v1/lobbies/{lobby_id}/ws")
async def lobby_socket(socket: WebSocket, lobby_id: str, token: str | None = None) -> None:
    context: RealtimeContext = socket.app.state.context
    await socket.accept()
    client = LobbySocket(context, socket, lobby_id)
    await serve(client, lambda: client.run(token))

"""WS /api/v1/matches/{id}/ws: hello, then envelopes pushed on every change, acts and pings.

Two tasks per socket: one reads the client's frames, one pushes envelopes when the hub says the
match changed. Every envelope is built for this socket's viewer only. Frame checks, error
frames and close codes are those of every socket (app/realtime/frames.py). Once the match is
over, the final envelope is followed by an `end` frame and a close with 1000 (match_end.py).
"""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from app.accounts.service import Identity
from app.chat.service import last_seq, messages_after
from app.core.clock import deadline
from app.core.errors import ApiError
from app.core.statuses import ActorKind
from app.matches.access import viewer_seat
from app.matches.service import Actor, act
from app.matches.store import load_match, match_for_push
from app.realtime import signouts
from app.realtime.context import RealtimeContext
from app.realtime.envelopes import Stamp, shown
from app.realtime.frame_models import ActFrame, HelloFrame, read_frame
from app.realtime.frames import (
    POLICY_VIOLATION,
    ClientSocket,
    Closing,
    run_until_first_ends,
    serve,
)
from app.realtime.match_end import NORMAL_CLOSURE, end_text, is_over
from app.realtime.messages import Chat, Known, Presence, Version, match_topic
from app.realtime.presence import connected, presence
from app.web.faults import UNAVAILABLE, is_outage

router = APIRouter()
SAY_HELLO = 'Start with {"type": "hello", "token": ..., "version": ...}.'


class MatchSocket(ClientSocket):
    FRAMES = ("hello", "ping", "act")
    kind = "match"

    def __init__(self, context: RealtimeContext, socket: WebSocket, match_id: str) -> None:
        super().__init__(context, socket)
        self.match_id = match_id
        self.identity: Identity | None = None
        self.seat: int | None = None
        self.sent_version = -1
        self.sent_stamp: Stamp | None = None  # what the last envelope sent showed
        self.hello_version: int | None = None  # the version the hello read from the database
        self.chat_seq = 0
        self.ended = False  # the end frame was sent: the socket closes (app/realtime/match_end.py)

    async def run(self) -> None:
        await self.hello()
        await self.hold_slot(match_topic(self.match_id))
        async with connected(self.context, self.match_id, self.seat):
            await run_until_first_ends(self.reader(), self.pusher(), self.closes_on_drain())

    async def push(
        self, version: int | None, force: bool = False, if_changed: bool = False
    ) -> None:
        """Send the current envelope if it is newer. `force` resends an unchanged version (a
        resync, an action answered again); `if_changed` sends an unchanged version only if
        something else it shows changed (who is connected)."""
        if self.signed_out or self.ended:  # revoked: not one more private byte; over: closing
            return
        loaded = await match_for_push(self.context, self.match_id, version)
        if loaded.version < self.sent_version or (
            loaded.version == self.sent_version and not (force or if_changed)
        ):
            return
        seats = await presence(self.context, self.match_id)
        stamp = shown(loaded, seats)
        frame = self.context.envelopes.frame(loaded, self.seat, seats, stamp)
        async with self._send_lock:
            # Two pushes may race; the older one must not overtake: versions only increase.
            if self.ended or (
                loaded.version < self.sent_version or (if_changed and stamp == self.sent_stamp)
            ):
                return
            self.sent_version, self.sent_stamp = loaded.version, stamp
            await self.socket.send_text(frame)
            if is_over(loaded):  # the final envelope: say so once, then close (match_end.py)
                self.ended = True
                await self.socket.send_text(end_text(loaded))
        if self.ended:
            raise Closing(NORMAL_CLOSURE)

    async def hello(self) -> None:
        """The first frame says who is watching; no token means a spectator."""
        seconds = self.context.settings.ws_hello_seconds
        try:
            async with deadline(self.context.clock, seconds):
                frame = await self.receive_hello()
        except TimeoutError:
            await self.refuse(
                "request/timeout", f"Say hello within {seconds:g} s. {SAY_HELLO}", POLICY_VIOLATION
            )
        self.identity = await self.identify(frame.token)
        async with self.context.db.sessions() as session:
            loaded = await load_match(self.context, session, self.match_id)
            self.chat_seq = await last_seq(session, self.match_id)
        self.hello_version = loaded.version
        try:
            self.seat = viewer_seat(loaded, self.identity)
        except ApiError as refusal:
            await self.refuse(refusal.code, refusal.message, POLICY_VIOLATION)

    async def receive_hello(self) -> HelloFrame:
        # Anything before a well-formed hello is answered, not fatal: the hello timeout ends
        # the wait. A hello its model refuses (a string version) is told what is wrong.
        while True:
            frame = await self.receive()
            if frame["type"] != "hello":
                await self.error("request/malformed", SAY_HELLO)
                continue
            try:
                hello = read_frame(frame)
            except ApiError as refusal:
                await self.error(refusal.code, refusal.message)
                continue
            assert isinstance(hello, HelloFrame)
            return hello

    async def on_hello(self, frame: HelloFrame) -> None:
        await self.push(None, force=True)  # a later hello is a resync request

    async def on_act(self, frame: ActFrame) -> None:
        # Read through ActFrame (the REST ActionRequest): its refusals are answered by dispatch.
        frame_id = frame.id
        if self.identity is None:
            await self.error("action/not_seated", "Spectators cannot act.", frame_id)
            return
        if not await self.still_signed_in():
            await self.error(signouts.CODE, signouts.MESSAGE, frame_id)
            return
        try:
            committed, _ = await act(
                self.context,
                self.match_id,
                Actor(ActorKind.PLAYER, player_id=self.identity.id),
                frame.action,
                frame.version,
                frame_id,
            )
        except ApiError as refusal:
            await self.error(refusal.code, refusal.message, frame_id)
            return
        except Exception as error:
            if not is_outage(error):
                raise
            # The move may or may not have committed: the same frame (same id) is safe to resend.
            await self.error("service/unavailable", UNAVAILABLE, frame_id)
            return
        await self.push(committed.version, force=True)

    async def reader(self) -> None:
        while True:
            frame = await self.receive()
            async with self.handling():
                await self.dispatch(frame)

    async def pusher(self) -> None:
        with self.context.hub.listen(match_topic(self.match_id)) as listener:
            # The hello has just read the match. When this process already heard the match, a
            # move since then either reached the cache before the listener began or comes
            # through it, so the first push reads nothing; when it starts hearing the match
            # only now, a move made elsewhere meanwhile went unheard: read the head.
            newly = await listener.subscribed()
            await self.push(None if newly else self.hello_version, force=True)
            while True:
                for message in await listener.messages():
                    await self.on_message(message)

    async def on_message(self, message: Known) -> None:
        """What the hub says changed: a version, who is connected, chat, or anything else
        (seats that changed hands, moves that may have been missed: read the head again)."""
        match message:
            case Version(version):
                await self.push(version)
            case Presence():
                # Only who is here changed, not the match: the copy this socket showed will do.
                # A socket's own arrival comes back to it too, after its first push showed it.
                await self.push(self.sent_version, if_changed=True)
            case Chat():
                await self.push_chat()
            case _:
                await self.push(None, force=True)

    async def push_chat(self) -> None:
        """New chat messages since the last one this socket was sent."""
        if self.signed_out:
            return
        async with self.context.db.sessions() as session:
            loaded = await load_match(self.context, session, self.match_id)
            fresh = await messages_after(session, loaded, self.chat_seq)
        for message in fresh:
            self.chat_seq = max(self.chat_seq, message.seq)
            await self.send({"type": "chat", **message.model_dump(mode="json")})


@router.websocket("/api/v1/matches/{match_id}/ws")
async def match_socket(socket: WebSocket, match_id: str) -> None:
    context: RealtimeContext = socket.app.state.context
    await socket.accept()
    client = MatchSocket(context, socket, match_id)
    await serve(client, client.run)

"""uvicorn's WebSocket protocol, fed to its parser a slice at a time.

uvicorn parses every frame of each chunk it reads from the socket (up to 256 KiB) and queues
them all before the app reads the first; after the app closes a socket it parses everything
that still arrives, waiting for the client's close reply. A client that writes 5,000 frames at
once therefore costs the server the parsing of all of them, however early the flood limit
refuses it, and every other socket of the process waits behind that parsing.

This protocol keeps the bytes it read and parses SLICE bytes only when the app has nothing left
queued, holding the rest in the kernel (TCP then makes the client wait). After the app closes,
it parses at most AFTER_CLOSE more bytes looking for the close reply; a client still sending
past that is a flood: its bytes are dropped unparsed and the server half-closes the connection
(the close frame already sent is followed by a FIN, so the client sees the close code, not a
reset). It also turns Nagle off on its connection (app/ops/nodelay.py). Everything else is
uvicorn's own behaviour.

`foxden serve` runs with it (`ws=` of uvicorn); so do the test servers (`--ws`).
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from app.ops.nodelay import no_delay

SPEC = "app.realtime.wsprotocol:SlicedWebSocketProtocol"
SLICE = 4096
AFTER_CLOSE = 16384


class SlicedWebSocketProtocol(WebSocketsSansIOProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._unparsed = bytearray()
        self._parsed_after_close = 0
        self._dropping = False

    def connection_made(self, transport: Any) -> None:
        no_delay(transport.get_extra_info("socket"))  # see app/ops/nodelay.py
        super().connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self._dropping:
            return
        self._unparsed += data
        self._feed()

    def _feed(self) -> None:
        """Parse slices while the app has caught up; hold the rest (and the socket) otherwise."""
        # Once closed, the queue holds the app's own disconnect event, which nobody reads.
        while (
            self._unparsed
            and (self.queue.empty() or self.close_sent)
            and not self.transport.is_closing()
        ):
            if self.close_sent:
                if self._parsed_after_close >= AFTER_CLOSE:
                    self._drop_the_rest()
                    return
                self._parsed_after_close += SLICE
            piece = bytes(self._unparsed[:SLICE])
            del self._unparsed[:SLICE]
            super().data_received(piece)
        if self._unparsed and not self.read_paused and not self.transport.is_closing():
            self.read_paused = True
            self.transport.pause_reading()

    def _drop_the_rest(self) -> None:
        self._dropping = True
        self._unparsed.clear()
        if self.read_paused:  # keep reading, so the client's close never meets unread data
            self.read_paused = False
            self.transport.resume_reading()
        if self.transport.can_write_eof():
            self.transport.write_eof()

    def eof_received(self) -> None:
        # The client is done sending: what it sent before its end is still read, in order.
        while self._unparsed and not self._dropping and not self.transport.is_closing():
            piece = bytes(self._unparsed[:SLICE])
            del self._unparsed[:SLICE]
            super().data_received(piece)
        return super().eof_received()

    async def receive(self) -> Any:
        message = await self.queue.get()
        if self.queue.empty():
            self._feed()  # the app caught up: parse the next slice
        if self.read_paused and self.queue.empty() and not self._unparsed:
            self.read_paused = False
            self.transport.resume_reading()
        return message

    async def send(self, message: Any) -> None:
        await super().send(message)
        if message.get("type") == "websocket.close":
            self._feed()  # look for the close reply among what is already here

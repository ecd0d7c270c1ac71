"""TCP_NODELAY on the sockets that carry pushes, however the server was handed its socket.

asyncio and uvloop turn Nagle's algorithm off only on sockets they know to be TCP. uvicorn
wraps an inherited listening socket (`--fd`) as AF_UNIX whatever it really is, so its
connections kept Nagle on: a second frame written to a socket before the client acknowledged
the first (an opponent's envelope, then the next one) waited for the client's delayed ACK,
40 ms on Linux. On Linux an accepted socket inherits the option from its listener, so setting
it on the listener covers every connection; the WebSocket protocol sets it again per
connection for servers started some other way.
"""

from __future__ import annotations

import contextlib
import socket
from typing import Any


def no_delay(sock: Any) -> None:
    """Send small writes at once; a no-op for a socket that is not TCP (a Unix socket)."""
    if sock is None:
        return
    with contextlib.suppress(OSError):  # not a TCP socket: there is no Nagle to turn off
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def no_delay_on_fd(fd: int) -> None:
    """`no_delay` on an inherited listening socket, leaving the descriptor open."""
    listener = socket.socket(fileno=fd)
    try:
        no_delay(listener)
    finally:
        listener.detach()

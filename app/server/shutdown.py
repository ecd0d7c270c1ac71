"""Graceful shutdown: SIGTERM (or Ctrl-C) first drains the sockets, then hands the signal to
the server (uvicorn), which stops accepting, lets running requests finish and runs the
app's shutdown.

uvicorn closes every WebSocket at once on a signal; a move in flight would commit unanswered.
So the app takes the signal first: each socket finishes and answers the frame it is handling,
then closes with 1012 (service restart). Only then does uvicorn see the signal.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

from app.realtime.drain import Drain

SIGNALS = (signal.SIGTERM, signal.SIGINT)
# How long in-flight frames may take before the server stops anyway.
DRAIN_SECONDS = 10.0
# After the sockets closed: let the close frames and the streams' last events go out.
FLUSH_SECONDS = 0.2

log = logging.getLogger(__name__)


def drain_on_signals(drain: Drain) -> Callable[[], None]:
    """Put the drain in front of the current signal handlers; returns what puts them back.

    Signals reach only the main thread: an app served from another thread (tests) keeps the
    server's handlers, and the undo does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    loop = asyncio.get_running_loop()
    previous: dict[int, Any] = {sig: signal.getsignal(sig) for sig in SIGNALS}
    tasks: set[asyncio.Task[None]] = set()

    def hand_on(sig: int, frame: FrameType | None) -> None:
        handler = previous[sig]
        if callable(handler):
            handler(sig, frame)
        else:  # the default action (exit): restore it and signal again
            signal.signal(sig, handler)
            signal.raise_signal(sig)

    async def drain_then_hand_on(sig: int, frame: FrameType | None) -> None:
        if drain.draining:  # a second signal: stop now
            hand_on(sig, frame)
            return
        log.info("draining: finishing in-flight frames, closing sockets with 1012")
        drain.begin()
        if not await drain.settled(DRAIN_SECONDS):
            log.warning("drain: frames still in flight after %.0f s, stopping", DRAIN_SECONDS)
        await asyncio.sleep(FLUSH_SECONDS)
        hand_on(sig, frame)

    def on_signal(sig: int, frame: FrameType | None) -> None:
        def start() -> None:
            task = loop.create_task(drain_then_hand_on(sig, frame))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        loop.call_soon_threadsafe(start)

    for sig in SIGNALS:
        signal.signal(sig, on_signal)

    def undo() -> None:
        for sig, handler in previous.items():
            signal.signal(sig, handler)

    return undo

"""A real uvicorn server in a thread of the test process, on a real socket.

For what only a real HTTP server shows (keep-alive connections, access log lines) while the
test still reads the server's logs in process and shares nothing else with it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI

from tests.servers import listening_socket


@contextmanager
def serving(app: FastAPI, http: str = "auto") -> Iterator[str]:
    """Serve `app` with uvicorn's `http` implementation (h11, httptools); yields the base URL."""
    listener = listening_socket()  # held from the start: no other process can take the port
    port = int(listener.getsockname()[1])
    config = uvicorn.Config(
        app,
        http=http,
        log_level="info",
        access_log=True,
        log_config=None,  # leave the test's logging (and handlers) as they are
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: server.run(sockets=[listener]), daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)
        listener.close()

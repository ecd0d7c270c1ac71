"""Real uvicorn processes for end-to-end tests over real sockets.

`Server` is `tests.support.child_server.ChildServer` (the port is bound here and never freed between
choosing it and serving on it) serving the test fakes by default, from the repository root.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from app.core.clock import ManualClock
from app.realtime.wsprotocol import SPEC as WS_PROTOCOL
from tests.support.child_server import ChildServer, listening_socket, wait_ready
from tests.timing import HANG, run_clock

__all__ = [
    "ROOT",
    "InProcessServer",
    "Server",
    "listening_socket",
    "running",
    "sqlite_env",
    "wait_ready",
]

ROOT = Path(__file__).resolve().parent.parent
FAKE_APP = "tests.fakes.server:app"


class Server(ChildServer):
    """A child server on the app with the fake test game registered, unless told otherwise."""

    def __init__(self, env: dict[str, str], app: str = FAKE_APP) -> None:
        super().__init__(env, app, cwd=ROOT)


@contextmanager
def running(env: dict[str, str], app: str = FAKE_APP) -> Iterator[Server]:
    server = Server(env, app)
    try:
        server.start()
        yield server
    finally:
        server.stop()


def sqlite_env(folder: Path, name: str = "foxden.db") -> dict[str, str]:
    """Settings for a server on its own SQLite file, migrated at start."""
    return {
        "FOXDEN_DATABASE_URL": f"sqlite+aiosqlite:///{folder / name}",
        "FOXDEN_AUTO_MIGRATE": "true",
    }


class InProcessServer:
    """The app served by uvicorn in a thread of the test process, on a manual clock that the
    test moves. The clock is an object handed to `create_app`: no setting or environment
    variable could ever switch a production server to it."""

    def __init__(self, settings: Any, clock: ManualClock) -> None:
        from app.server.main import create_app

        self.clock = clock
        self.listener = listening_socket()  # held, never freed and bound again (see above)
        self.port = int(self.listener.getsockname()[1])
        self.app = create_app(settings, clock)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws=WS_PROTOCOL,
            ws_max_size=65536,
        )
        self._server = uvicorn.Server(config)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        await self._server.serve(sockets=[self.listener])

    def start(self) -> None:
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("in-process server did not start")
            time.sleep(0.02)

    def run_clock(self, seconds: float) -> None:
        """Move the server's clock on (in its own event loop) and wait for what fell due."""
        if self._loop is None:
            raise RuntimeError("the server is not running")
        moving = run_clock(self.clock, seconds, self.app)
        asyncio.run_coroutine_threadsafe(moving, self._loop).result(HANG)

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(30)
        self.listener.close()

"""Real uvicorn processes for end-to-end tests over real sockets.

The test process binds each server's listening socket itself and hands it to uvicorn (`--fd`):
the port is never freed between choosing it and serving on it, so no other process can take it,
and a server that is killed and started again serves on the same port. While it is down,
clients' connections wait in the socket's backlog instead of being refused.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from app.clock import ManualClock
from app.realtime.wsprotocol import SPEC as WS_PROTOCOL
from tests.timing import HANG, run_clock

ROOT = Path(__file__).resolve().parent.parent
# A bound on a start that never finishes, not a speed test: on a machine loaded many times
# over, importing the app and migrating took more than 30 s.
STARTUP_SECONDS = 120
BACKLOG = 512


def listening_socket() -> socket.socket:
    """A TCP socket on a free port of 127.0.0.1, already listening."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(BACKLOG)
    return listener


def wait_ready(
    url: str, process: subprocess.Popen[bytes], what: str, log: Path | None = None
) -> None:
    """Poll `url`/readyz until it answers 200; fail at once if `process` exits (with its log)."""

    def said() -> str:
        return f":\n{log.read_text()}" if log is not None and log.exists() else ""

    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}{said()}")
        try:
            if httpx.get(url + "/readyz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)  # polling a state (readiness), not waiting for time to pass
    raise RuntimeError(f"{what} did not become ready{said()}")


class Server:
    def __init__(self, env: dict[str, str], app: str = "tests.fakes.server:app") -> None:
        self.env = env
        self.app = app
        self.listener: socket.socket | None = listening_socket()
        self.port = int(self.listener.getsockname()[1])
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start (or start again, after `kill`) and wait until /readyz answers 200."""
        if self.listener is None:
            raise RuntimeError("this server was stopped for good")
        env = {
            **os.environ,
            "FOXDEN_BOT_DELAY_MS": "0",
            **self.env,
        }
        fd = self.listener.fileno()
        self.process = subprocess.Popen(
            [
                *(sys.executable, "-m", "uvicorn", self.app, "--fd", str(fd)),
                *("--log-level", "warning", "--ws-max-size", "65536", "--ws", WS_PROTOCOL),
                *("--ws-per-message-deflate", "false", "--no-proxy-headers"),
            ],
            cwd=ROOT,
            env=env,
            pass_fds=(fd,),
        )
        self.wait_ready()

    def wait_ready(self) -> None:
        if self.process is None:
            raise RuntimeError("the server was not started")
        wait_ready(self.url, self.process, "server")

    def kill(self) -> None:
        """SIGKILL, as a crash would: no shutdown hooks, no flushing. The port stays ours."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """Shut down gracefully and give the port back."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.listener is not None:
            self.listener.close()
            self.listener = None


@contextmanager
def running(env: dict[str, str], app: str = "tests.fakes.server:app") -> Iterator[Server]:
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
        from app.main import create_app

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

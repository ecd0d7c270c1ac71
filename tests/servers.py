"""Real uvicorn processes for end-to-end tests over real sockets."""

from __future__ import annotations

import asyncio
import os
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
from tests.timing import HANG, run_clock

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    def __init__(self, env: dict[str, str], app: str = "tests.fakes.server:app") -> None:
        self.env = env
        self.app = app
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {
            **os.environ,
            "FOXDEN_BOT_DELAY_MS": "0",
            **self.env,
        }
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                self.app,
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--log-level",
                "warning",
                "--ws-max-size",
                "65536",
                "--ws-per-message-deflate",
                "false",
            ],
            cwd=ROOT,
            env=env,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}")
            try:
                if httpx.get(self.url + "/readyz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not become ready")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@contextmanager
def running(env: dict[str, str], app: str = "tests.fakes.server:app") -> Iterator[Server]:
    server = Server(env, app)
    server.start()
    try:
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
        self.port = free_port()
        self.app = create_app(settings, clock)
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning", ws_max_size=65536
        )
        self._server = uvicorn.Server(config)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        await self._server.serve()

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

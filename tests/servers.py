"""Real uvicorn processes for end-to-end tests over real sockets."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

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
            "FOXDEN_BOT_SWEEP_SECONDS": "0.3",
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

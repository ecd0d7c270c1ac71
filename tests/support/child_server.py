"""A Foxden server in a child process, on a socket this process binds and keeps.

This process binds the listening socket itself and hands it to uvicorn (`--fd`): the port is
never freed between choosing it and serving on it, so no other process can take it, and a
server that is killed and started again serves on the same port. While it is down, clients'
connections wait in the socket's backlog instead of being refused. The benchmarks and the
end-to-end tests run their servers this way (tests/servers.py adds the test fakes).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from app.ops.nodelay import no_delay
from app.realtime.wsprotocol import SPEC as WS_PROTOCOL

# A bound on a start that never finishes, not a speed test: on a machine loaded many times
# over, importing the app and migrating took more than 30 s.
STARTUP_SECONDS = 120
BACKLOG = 512
APP = "app.server.asgi:app"


def listening_socket() -> socket.socket:
    """A TCP socket on a free port of 127.0.0.1, already listening."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    no_delay(listener)  # inherited by every connection: see app/ops/nodelay.py
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


class ChildServer:
    """uvicorn serving `app` (an import path) with `env` on top of this process's environment;
    `cwd` is where the child resolves `app` from (None: this process's directory)."""

    def __init__(self, env: dict[str, str], app: str = APP, cwd: Path | None = None) -> None:
        self.env = env
        self.app = app
        self.cwd = cwd
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
            cwd=self.cwd,
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

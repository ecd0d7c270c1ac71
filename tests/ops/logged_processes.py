"""Server processes whose log output a test reads: everything they write goes to a file."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.servers import ROOT, listening_socket, wait_ready


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def _logged(
    command: list[str], env: dict[str, str], log: Path, url: str, fds: tuple[int, ...]
) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**os.environ, "FOXDEN_BOT_DELAY_MS": "0", **env},
            stdout=sink,
            stderr=sink,
            pass_fds=fds,
        )
        try:
            wait_ready(url, process, "server", log)
            yield process
        finally:
            _stop(process)


@contextmanager
def uvicorn_server(env: dict[str, str], log: Path) -> Iterator[str]:
    """One uvicorn process serving the test app (the fake game too) at INFO; yields its URL."""
    listener = listening_socket()
    url = f"http://127.0.0.1:{listener.getsockname()[1]}"
    fd = listener.fileno()
    command = [
        *(sys.executable, "-m", "uvicorn", "tests.fakes.server:app", "--fd", str(fd)),
        *("--log-level", "info", "--no-proxy-headers"),
    ]
    try:
        with _logged(command, env, log, url, (fd,)):
            yield url
    finally:
        listener.close()


@contextmanager
def foxden_serve(env: dict[str, str], log: Path, workers: int) -> Iterator[str]:
    """`foxden serve --workers N`, as an operator runs it; yields its URL."""
    port = _free_port()
    command = [
        *(sys.executable, "-m", "app.server.cli", "serve", "--host", "127.0.0.1"),
        *("--port", str(port), "--workers", str(workers)),
    ]
    with _logged(command, env, log, f"http://127.0.0.1:{port}", ()):
        yield f"http://127.0.0.1:{port}"


def _free_port() -> int:
    # uvicorn binds the port itself for its workers: probed free here, so a clash fails the
    # start loudly rather than a test passing against some other server.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])

"""Private Postgres and Redis servers for fault tests: processes of our own on temporary ports,
which a test may kill -9 and start again. The machine's own Postgres and Redis are never touched.

Postgres refuses to run as root, so as root its binaries run as the `postgres` user (setpriv
execs them: the process we hold is the postmaster itself, and we reap it).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

START_SECONDS = 30
PG_ROOTS = sorted(Path("/usr/lib/postgresql").glob("*/bin"))


def _free_port() -> int:
    # Postgres and Redis bind their own port, so this one is only probed free; a clash makes
    # the first start fail loudly, never a test pass on the wrong server.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_listening(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start")


def _running(process: subprocess.Popen[bytes] | None) -> bool:
    return process is not None and process.poll() is None


def _children(pid: int) -> list[int]:
    """Processes whose parent is `pid` (the postmaster's backends and helpers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"


class Service(ABC):
    """A server process of ours on a port of its own, which a test may kill -9 and restart."""

    name = "service"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @abstractmethod
    def command(self) -> list[str]:
        """The command line that runs the server in the foreground."""

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.command(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        _wait_listening(self.port, self.process, self.name)

    def revive(self) -> None:
        """Start it again if a test left it killed."""
        if not _running(self.process):
            self.start()

    def kill(self) -> None:
        if self.process is not None and _running(self.process):
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()


class PrivatePostgres(Service):
    name = "postgres"

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(folder, owner.pw_uid, owner.pw_gid)
            self.prefix = ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"]

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    def initdb(self) -> None:
        subprocess.run(
            [
                *(*self.prefix, str(PG_ROOTS[-1] / "initdb"), "-D", str(self.folder / "data")),
                *("-A", "trust", "-U", "postgres", "--no-sync"),
            ],
            check=True,
            capture_output=True,
        )

    def command(self) -> list[str]:
        # fsync=off: the tests kill the server process, not the machine, and a killed
        # Postgres still finds every committed transaction in the OS's page cache.
        return [
            *(*self.prefix, str(PG_ROOTS[-1] / "postgres"), "-D", str(self.folder / "data")),
            *("-p", str(self.port), "-k", str(self.folder)),
            *("-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"),
        ]

    def kill(self) -> None:
        """kill -9 the postmaster and every process it started, as a crash would."""
        # Only a live postmaster's pid is ours: a reaped one may belong to anybody by now.
        victims = _children(self.process.pid) if self.process and _running(self.process) else []
        super().kill()
        for pid in victims:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        # A restart refuses to start while a dead backend still holds the shared memory.
        deadline = time.monotonic() + START_SECONDS
        while not all(_gone(pid) for pid in victims) and time.monotonic() < deadline:
            time.sleep(0.05)


class PrivateRedis(Service):
    name = "redis-server"

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self) -> list[str]:
        return [
            *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
            *("--save", "", "--appendonly", "no", "--dir", str(self.folder)),
        ]


@contextmanager
def private_services() -> Iterator[tuple[PrivatePostgres, PrivateRedis]]:
    """A fresh Postgres cluster and a Redis, both running; killed and deleted afterwards."""
    if not PG_ROOTS or not shutil.which("redis-server"):
        raise RuntimeError("the Postgres binaries or redis-server are not installed")
    folder = Path(tempfile.mkdtemp(prefix="foxden-faults-"))
    postgres, redis = PrivatePostgres(folder), PrivateRedis(folder)
    try:
        postgres.initdb()
        postgres.start()
        redis.start()
        yield postgres, redis
    finally:
        postgres.kill()
        redis.kill()
        shutil.rmtree(folder, ignore_errors=True)

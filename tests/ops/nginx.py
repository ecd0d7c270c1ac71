"""Debian's nginx as a child of the test, from deploy/nginx.conf (the file the compose stack
mounts): its own prefix, temp dirs and pid file, on a free port, never a daemon."""

from __future__ import annotations

import shutil
import socket
import subprocess
from pathlib import Path
from string import Template

from tests.conftest import _unavailable
from tests.servers import ROOT, wait_ready

CONFIG = ROOT / "deploy" / "nginx.conf"
NGINX = "/usr/sbin/nginx"
PLACEHOLDERS = ("NGINX_PORT", "NGINX_UPSTREAM_A", "NGINX_UPSTREAM_B")


def render(port: int, upstream_a: str, upstream_b: str) -> str:
    """The config as envsubst fills it in the compose stack: only our three ${NAMES}."""
    values = dict(zip(PLACEHOLDERS, (str(port), upstream_a, upstream_b), strict=True))
    text = Template(CONFIG.read_text(encoding="utf-8")).safe_substitute(values)
    assert "${" not in text, "deploy/nginx.conf has a placeholder nobody fills"
    return text


def nginx_binary() -> str:
    """Debian's nginx; missing, the test fails in CI (FOXDEN_REQUIRE_SERVICES=1), else skips."""
    found = shutil.which("nginx") or (NGINX if Path(NGINX).exists() else None)
    if found is None:
        _unavailable("nginx", FileNotFoundError("apt-get install nginx"))
    return str(found)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Nginx:
    def __init__(self, prefix: Path, upstreams: tuple[str, str]) -> None:
        self.binary = nginx_binary()
        self.prefix = prefix
        self.port = free_port()
        (prefix / "temp").mkdir(parents=True, exist_ok=True)
        self.config = prefix / "nginx.conf"
        self.config.write_text(render(self.port, *upstreams), encoding="utf-8")
        self.log = prefix / "nginx.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def command(self, *extra: str) -> list[str]:
        return [self.binary, "-p", f"{self.prefix}/", "-c", str(self.config), *extra]

    def check(self) -> None:
        """`nginx -t`: the rendered file is a valid configuration."""
        result = subprocess.run(self.command("-t"), capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, result.stderr

    def start(self) -> None:
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(self.command(), stdout=log, stderr=log)
        wait_ready(self.url, self.process, "nginx", self.log)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

"""`foxden serve` as operators run it: the real command, on a socket the test holds (see
tests/servers.py), stopped with SIGTERM as a supervisor would."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from tests.servers import ROOT, Server

STOP_SECONDS = 30


def clean_environment(**settings: str) -> dict[str, str]:
    """This environment without any FOXDEN_* setting or PYTHONPATH, plus `settings`."""
    kept = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("FOXDEN_") and key != "PYTHONPATH"
    }
    return {**kept, "FOXDEN_BOT_DELAY_MS": "0", **settings}


class FoxdenServer(Server):
    """`<bin>/foxden serve --fd N`: migrates, then serves on the held socket."""

    def __init__(self, env: dict[str, str], foxden: Path, cwd: Path = ROOT) -> None:
        super().__init__(env)
        self.foxden = foxden
        self.cwd = cwd

    def start(self) -> None:
        if self.listener is None:
            raise RuntimeError("this server was stopped for good")
        fd = self.listener.fileno()
        self.process = subprocess.Popen(
            [str(self.foxden), "serve", "--fd", str(fd)],
            cwd=self.cwd,
            env=clean_environment(**self.env),
            pass_fds=(fd,),
        )
        self.wait_ready()

    def terminate(self) -> int:
        """SIGTERM, as a rolling restart sends it; the exit code. The port stays ours."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(STOP_SECONDS)

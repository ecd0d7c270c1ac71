"""The third-party tools the contract is checked with: openapi-python-client (pinned in
pyproject's dev extra), and openapi-typescript, TypeScript and Redocly CLI from npm.

The npm tools are pinned by the repository's package.json and package-lock.json and installed
with `npm ci` into a cache folder named after the lock file's hash, once per machine (CI reaches
the npm registry); nothing is installed into or generated inside the repository.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.servers import ROOT

NPM_FILES = ("package.json", "package-lock.json")
TIMEOUT = 600


def run(command: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command's result, stdout and stderr together in `stdout`; never raises on failure."""
    return subprocess.run(
        command,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def write_document(document: dict[str, Any], folder: Path) -> Path:
    path = folder / "openapi.json"
    path.write_text(json.dumps(document, indent=1))
    return path


def npm_bin() -> Path:
    """node_modules/.bin of the pinned npm tools, installed on first use."""
    lock = (ROOT / "package-lock.json").read_bytes()
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    folder = base / "foxden-contract-npm" / hashlib.sha256(lock).hexdigest()[:16]
    folder.mkdir(parents=True, exist_ok=True)
    # Two test workers may ask at once: one installs, the other waits for it.
    with open(folder / ".lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if not (folder / "installed").exists():
            _npm_ci(folder)
    return folder / "node_modules" / ".bin"


def _npm_ci(folder: Path) -> None:
    for name in NPM_FILES:
        shutil.copy(ROOT / name, folder / name)
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed for the contract checks (Node.js 20 or later)")
    result = run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=folder)
    if result.returncode != 0:
        raise RuntimeError(f"npm ci failed:\n{result.stdout}")
    (folder / "installed").touch()


def python_client(document: Path, folder: Path) -> subprocess.CompletedProcess[str]:
    """Generate the Python client package into `folder` (no formatter hooks: the generator's
    own output is what is checked)."""
    config = folder.parent / "generator.yaml"
    config.write_text("post_hooks: []\n")
    generate = [sys.executable, "-m", "openapi_python_client", "generate"]
    options = ["--path", str(document), "--output-path", str(folder), "--meta", "none"]
    return run([*generate, *options, "--config", str(config)])

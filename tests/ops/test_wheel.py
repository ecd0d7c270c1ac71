"""The wheel is the whole app: installed in a fresh venv outside the checkout, it migrates a
new SQLite file and a new Postgres database and serves pages, rules, assets and the API."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.ops.processes import FoxdenServer, clean_environment
from tests.servers import ROOT

pytestmark = pytest.mark.slow  # builds a wheel and a venv: a minute or two
INSTALL_SECONDS = 600


def run(args: list[str | Path], cwd: Path, **settings: str) -> str:
    result = subprocess.run(
        [str(arg) for arg in args],
        cwd=cwd,
        env=clean_environment(**settings),
        capture_output=True,
        text=True,
        timeout=INSTALL_SECONDS,
    )
    assert result.returncode == 0, f"{args}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def pip(venv: Path) -> list[str | Path]:
    """This environment's pip, working on `venv`: the venv needs no pip of its own."""
    return [sys.executable, "-m", "pip", "--python", venv / "bin" / "python"]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv holding the built wheel and the locked runtime dependencies; its bin/. The wheel
    is built by the locked setuptools of the dev environment (pyproject's build requirement),
    not by one fetched into a fresh build environment each time."""
    outside = tmp_path_factory.mktemp("wheel")
    assert not outside.is_relative_to(ROOT)
    wheels = outside / "wheels"
    options: list[str | Path] = ["--quiet", "--no-deps", "--no-build-isolation", "-w", wheels]
    run([sys.executable, "-m", "pip", "wheel", *options, _source_copy(outside)], outside)
    (wheel,) = wheels.glob("foxden-*.whl")
    venv = outside / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv], outside)
    run([*pip(venv), "install", "--quiet", "-r", ROOT / "requirements.lock", wheel], outside)
    return venv / "bin"


def test_the_installed_package_is_the_one_imported(installed: Path) -> None:
    where = run([installed / "python", "-c", "import app; print(app.__file__)"], installed)
    assert Path(where.strip()).is_relative_to(installed.parent), where
    tools = run([*pip(installed.parent), "list", "--format=freeze"], installed)
    assert "foxden" in tools, tools
    assert "pytest" not in tools and "ruff" not in tools, "runtime needs no dev tools"


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_wheel_migrates_a_fresh_database_and_serves_everything(
    installed: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    workdir = installed.parent.parent / f"run-{backend}"
    workdir.mkdir()
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{workdir / 'fresh.db'}"
    else:
        url = request.getfixturevalue("empty_postgres_url")
    run([installed / "foxden", "migrate"], workdir, FOXDEN_DATABASE_URL=url)
    server = FoxdenServer({"FOXDEN_DATABASE_URL": url}, installed / "foxden", cwd=workdir)
    try:
        server.start()
        with httpx.Client(base_url=server.url, timeout=10) as http:
            home = http.get("/")
            assert home.status_code == 200 and "<html" in home.text.lower()
            rules = http.get("/games/oh-fox/rules")
            assert rules.status_code == 200 and "Clarifications" in rules.text
            asset = http.get("/static/js/match-socket.js")
            assert asset.status_code == 200 and "class MatchSocket" in asset.text
            # The installable app: the manifest (a file of its own suffix) and the worker's list
            # of the installed package's assets.
            assert http.get("/manifest.webmanifest").json()["short_name"] == "Foxden"
            worker = http.get("/sw.js")
            assert worker.status_code == 200 and "/static/icons/foxden-512.png" in worker.text
            api = http.get("/openapi.json")
            assert api.status_code == 200 and "/api/v1/games" in api.json()["paths"]
            games = http.get("/api/v1/games").json()
            assert {game["id"] for game in games} >= {"oh-fox", "fox-in-the-forest"}
    finally:
        server.stop()


def _source_copy(outside: Path) -> Path:
    """The checkout without what is not source: setuptools builds in the tree it is given
    (`build/`, `*.egg-info`), and a build inside the checkout met an old build's leftovers
    there (one full run failed copying a module that was there)."""
    source = outside / "source"
    leftovers = shutil.ignore_patterns(
        ".git", ".venv", "node_modules", "build", "*.egg-info", ".*_cache", "__pycache__"
    )
    shutil.copytree(ROOT, source, ignore=leftovers)
    return source

"""The bot guides in docs/bots/ work as a third party would use them: each is built on what its
tools generate from the live server's /openapi.json, type-checks strictly, and plays a whole
match against the server's bots to the end."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.api_contract.tools import npm_bin, python_client, run, write_document
from tests.servers import ROOT, Server, running, sqlite_env

GUIDES = ROOT / "docs" / "bots"
GAME = "fox-in-the-forest"
# The guides read the match after every move; server bots answer at once.
QUICK = {"FOXDEN_RATE_PER_MINUTE": "1000000", "FOXDEN_BOT_DELAY_MS": "0"}
STRICT_TSC = [
    "--strict",
    "--noUncheckedIndexedAccess",
    "--exactOptionalPropertyTypes",
    "--target",
    "es2022",
    "--module",
    "commonjs",
    "--lib",
    "es2022",
    "--types",
    "node",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    env = sqlite_env(tmp_path_factory.mktemp("guides-db")) | QUICK
    with running(env, app="app.server.asgi:app") as served:
        yield served


def served_document(server: Server, folder: Path) -> Path:
    """/openapi.json as the live server serves it, saved where the tools read it."""
    answer = httpx.get(f"{server.url}/openapi.json", timeout=60)
    assert answer.status_code == 200
    return write_document(answer.json(), folder)


def assert_finished(played: str) -> None:
    last = played.strip().splitlines()[-1] if played.strip() else ""
    assert last.startswith("finished:"), played


def test_the_python_guide_plays_a_match_to_the_end(server: Server, tmp_path: Path) -> None:
    made = python_client(served_document(server, tmp_path), tmp_path / "foxden_client")
    assert made.returncode == 0, made.stdout
    shutil.copy(GUIDES / "bot.py", tmp_path / "bot.py")
    checked = run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "bot.py"], tmp_path
    )
    assert checked.returncode == 0, checked.stdout
    played = run([sys.executable, "bot.py", server.url, GAME], tmp_path)
    assert played.returncode == 0, played.stdout
    assert_finished(played.stdout)


def test_the_typescript_guide_plays_a_match_to_the_end(server: Server, tmp_path: Path) -> None:
    tools = npm_bin()
    document = served_document(server, tmp_path)
    generated = run(
        [str(tools / "openapi-typescript"), str(document), "-o", "schema.d.ts"], tmp_path
    )
    assert generated.returncode == 0, generated.stdout
    shutil.copy(GUIDES / "bot.ts", tmp_path / "bot.ts")
    types = tools.parent / "@types"  # the pinned @types/node, outside this temporary folder
    compiled = run([str(tools / "tsc"), *STRICT_TSC, "--typeRoots", str(types), "bot.ts"], tmp_path)
    assert compiled.returncode == 0, compiled.stdout
    node = shutil.which("node")
    assert node is not None, "Node.js 20 or later runs the TypeScript guide"
    played = run([node, "bot.js", server.url, GAME], tmp_path)
    assert played.returncode == 0, played.stdout
    assert_finished(played.stdout)

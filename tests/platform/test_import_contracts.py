"""The import contracts of `make lint` (pyproject's [tool.importlinter]) cover every router:
a new router that is not listed could import another router unnoticed."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _contract(name: str) -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    contracts: list[dict[str, object]] = config["contracts"]
    return next(c for c in contracts if c["name"] == name)


def test_every_router_is_in_the_routers_contract() -> None:
    routers = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in (ROOT / "app").rglob("*router.py")
    }
    listed = _contract("Routers import services, never routers")["modules"]
    assert isinstance(listed, list)
    assert routers == set(listed)


def test_every_game_is_in_the_independence_contract() -> None:
    games = {
        f"app.games.{path.parent.name}" for path in (ROOT / "app" / "games").glob("*/engine.py")
    }
    listed = _contract("No game imports another")["modules"]
    assert isinstance(listed, list)
    assert games == set(listed)


def test_the_root_of_app_holds_packages_and_the_shared_context_only() -> None:
    """Loose modules go to core/ (vocabulary), web/ (the HTTP edge) or server/ (the process)."""
    loose = {path.name for path in (ROOT / "app").glob("*.py")}
    assert loose == {"__init__.py", "context.py"}


def test_every_package_of_app_is_in_the_process_contract() -> None:
    """A new package that is not listed could import app.server unnoticed."""
    packages = {
        f"app.{path.parent.name}"
        for path in (ROOT / "app").glob("*/__init__.py")
        if path.parent.name not in {"server", "migrations"}
    }
    listed = _contract("Only the process imports the process")["source_modules"]
    assert isinstance(listed, list)
    assert packages | {"app.context"} == set(listed)


WHOLE_CONTEXT = "Only the process, the web edge and the routers see the whole context"


def test_every_package_of_app_is_in_the_whole_context_contract() -> None:
    """A new package that is not listed could take the whole context (app.context) unnoticed."""
    packages = {
        f"app.{path.parent.name}"
        for path in (ROOT / "app").glob("*/__init__.py")
        if path.parent.name not in {"server", "web", "migrations"}
    }
    listed = _contract(WHOLE_CONTEXT)["source_modules"]
    assert isinstance(listed, list)
    assert packages == set(listed)


def test_the_whole_context_is_let_through_to_routers_and_named_modules_only() -> None:
    """One pattern lets the routers through; every other exception is one module, named, so a
    wider pattern (a whole package) cannot pass the contract unnoticed."""
    ignored = _contract(WHOLE_CONTEXT)["ignore_imports"]
    assert isinstance(ignored, list)
    pairs = [line.split(" -> ") for line in ignored]
    assert {imported for _, imported in pairs} == {"app.context"}
    assert {importer for importer, _ in pairs if "*" in importer} == {"app.*.router"}

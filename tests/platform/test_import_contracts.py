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

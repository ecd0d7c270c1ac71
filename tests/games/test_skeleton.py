"""Every engine package has the one skeleton of docs/adding-a-game.md: the same role files, and
every other module a sub-module of a role (`rules_moves.py`, `view_types.py`, ...)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.games import REGISTRY
from app.games.skeleton import SkeletonEngine

GAMES = Path(__file__).resolve().parents[2] / "app" / "games"
PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "engine.py").is_file())

ROLES = ("data", "state", "setup", "rules", "view", "hidden", "scoring", "engine")
# tutorial.py: the guided first match ("Learn to play", app/games/tutorial.py), every game's.
# review.py: how the post-game review weighs a seat's decision (app/games/review.py), every game's.
# daily.py: how the daily deal is laid and ranked (app/games/daily.py), every game's.
REQUIRED = {f"{role}.py" for role in ROLES} | {
    "__init__.py",
    "view_types.py",
    "tutorial.py",
    "review.py",
    "daily.py",
}

# Each game's bots: `bots.py` (its STRATEGIES table, on the generic search of app/bots).
BOT_FILES = ("bots.py",)


def test_every_registered_engine_is_a_skeleton_engine() -> None:
    assert len(PACKAGES) == len(REGISTRY)
    for engine in REGISTRY.values():
        assert isinstance(engine, SkeletonEngine), engine.id


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_has_every_role_file(package: str) -> None:
    present = {p.name for p in (GAMES / package).glob("*.py")}
    assert present >= REQUIRED, f"{package} lacks {sorted(REQUIRED - present)}"


@pytest.mark.parametrize("package", PACKAGES)
def test_every_other_module_belongs_to_a_role(package: str) -> None:
    for path in sorted((GAMES / package).glob("*.py")):
        name = path.name
        if name in REQUIRED or name in BOT_FILES:
            continue
        role = name.split("_", 1)[0]
        assert role in ROLES and "_" in name, f"{package}/{name} is not <role>_<topic>.py"

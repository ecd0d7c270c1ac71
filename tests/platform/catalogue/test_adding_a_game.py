"""Every registered game has every place docs/adding-a-game.md lists, and the page lists every
place this test checks: a sixth game that forgets its rules page, its renderer, its help, its
screenshots or the words of an option value fails here, not in front of a player."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.games import GAMES, Game
from app.games.options import words_for
from app.games.protocol import Choice, Subset

ROOT = Path(__file__).resolve().parents[3]
GUIDE = (ROOT / "docs" / "adding-a-game.md").read_text()
REAL = sorted(GAMES)

# Each place a game lives, as the guide spells it ({id}: the game id; {package}: its folder).
FILES = (
    "app/games/{package}/tutorial.py",
    "app/rules/{id}.md",
    "app/frontend/games/{id}.js",
    "app/frontend/games/{id}.css",
    "app/frontend/games/help/{id}.json",
    "docs/screens/{id}-desktop.png",
    "docs/screens/{id}-phone.png",
)
FOLDERS = ("app/games/{package}/", "tests/games/{package}/")


def _package(game: Game) -> str:
    """The engine's folder: the id with underscores ("oh-fox" -> "oh_fox")."""
    return game.id.replace("-", "_")


def test_the_guide_lists_every_place_a_game_touches() -> None:
    for place in (*FILES, *FOLDERS, "app/games/__init__.py", "test_determinism_golden.py"):
        assert f"`{place}`" in GUIDE, place


@pytest.mark.parametrize("game_id", REAL)
def test_every_file_of_the_game_is_there(game_id: str) -> None:
    game = GAMES[game_id]
    for place in (*FILES, *FOLDERS):
        path = ROOT / place.format(id=game_id, package=_package(game))
        assert path.exists(), f"{game_id} lacks {path.relative_to(ROOT)}"


@pytest.mark.parametrize("game_id", REAL)
def test_the_game_has_a_golden_playout(game_id: str) -> None:
    from tests.games.test_determinism_golden import CASES

    assert any(case.engine_id == game_id for case in CASES.values())


@pytest.mark.parametrize("game_id", REAL)
def test_every_option_value_has_words_from_the_engine(game_id: str) -> None:
    for spec in GAMES[game_id].engine.options:
        if isinstance(spec, Choice | Subset):
            missing = [value for value in spec.values if value not in spec.words]
            assert not missing, f"{game_id} option {spec.key}: no words for {missing}"
            assert all(words_for(spec, value).strip() for value in spec.values)


@pytest.mark.parametrize("game_id", REAL)
def test_the_game_has_the_standard_and_expert_bots(game_id: str) -> None:
    assert {"standard", "expert"} <= set(GAMES[game_id].strategies)

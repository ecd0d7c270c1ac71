"""The ability help shown on the table (app/frontend/games/help/<game>.json) is the rules pages' own
text, word for word, and covers every ability the engines know: the two cannot drift apart."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from app.core.packaged import FRONTEND
from app.games.fox_in_the_forest.data import SPECIAL_IDS, SUIT_ABILITIES
from app.games.fox_in_the_forest_duet.data import ABILITIES as DUET_ABILITIES
from app.games.fox_on_the_run import data as run_data
from app.games.fox_on_the_tree.data import ACTION_TOKENS
from app.games.oh_fox.data import ANIMALS, CARD_TYPES

ROOT = Path(__file__).resolve().parents[2]
HELP = FRONTEND / "games" / "help"

# What each game's help must explain: every ability its engine has.
REQUIRED: dict[str, set[str]] = {
    "fox-in-the-forest": {*SUIT_ABILITIES.values(), "poison", *SPECIAL_IDS},
    "fox-in-the-forest-duet": {str(rank) for rank in DUET_ABILITIES},
    "fox-on-the-run": {
        run_data.INDIGO,
        run_data.SCARLETT,
        run_data.PUFFER,
        run_data.ZEV,
        run_data.RAFFLES,
        run_data.NAPOLEON,
    },
    "fox-on-the-tree": set(ACTION_TOKENS),
    "oh-fox": {*CARD_TYPES, *ANIMALS},
}


def plain(markdown: str) -> str:
    """The rules page as a reader sees it: no emphasis marks, no table pipes, one space."""
    text = re.sub(r"\*+", "", markdown)
    text = re.sub(r"^\s*[-|]\s*", " ", text, flags=re.M)
    text = text.replace("|", " ")
    return re.sub(r"\s+", " ", text)


def help_of(game: str) -> dict[str, Any]:
    return dict(json.loads((HELP / f"{game}.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("game", sorted(REQUIRED))
def test_every_help_text_is_the_rules_page_text(game: str) -> None:
    data = help_of(game)
    assert data["game"] == game
    rules = plain((ROOT / data["rules"]).read_text(encoding="utf-8"))
    for entry in data["entries"]:
        assert entry["name"] and entry["text"], entry
        assert re.sub(r"\s+", " ", entry["text"]) in rules, f"{game}/{entry['key']} drifted"


@pytest.mark.parametrize("game", sorted(REQUIRED))
def test_every_ability_of_the_engine_is_explained(game: str) -> None:
    keys = [entry["key"] for entry in help_of(game)["entries"]]
    assert len(keys) == len(set(keys)), "a key is explained twice"
    missing = REQUIRED[game] - set(keys)
    assert not missing, f"{game}: no help for {sorted(missing)}"


def test_every_game_has_its_help() -> None:
    assert {path.stem for path in HELP.glob("*.json")} == set(REQUIRED)

"""The registry: the one place that names the games.

The platform looks engines (and their bot strategies) up here by id and knows nothing else
about them. Adding a game is one line in `_GAMES`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.games import (
    fox_in_the_forest,
    fox_in_the_forest_duet,
    fox_on_the_run,
    fox_on_the_tree,
    oh_fox,
)
from app.games.fox_in_the_forest import bots as fox_bots
from app.games.fox_in_the_forest_duet import bots as duet_bots
from app.games.fox_on_the_run import bots as run_bots
from app.games.fox_on_the_tree import bots as tree_bots
from app.games.oh_fox import bots as oh_fox_bots
from app.games.protocol import Engine, Strategy


@dataclass(frozen=True)
class Game:
    engine: Engine[Any]
    strategies: Mapping[str, Strategy]


_GAMES = (
    Game(fox_in_the_forest.ENGINE, fox_bots.STRATEGIES),
    Game(fox_in_the_forest_duet.ENGINE, duet_bots.STRATEGIES),
    Game(fox_on_the_tree.ENGINE, tree_bots.STRATEGIES),
    Game(fox_on_the_run.ENGINE, run_bots.STRATEGIES),
    Game(oh_fox.ENGINE, oh_fox_bots.STRATEGIES),
)

REGISTRY: dict[str, Engine[Any]] = {game.engine.id: game.engine for game in _GAMES}
STRATEGIES: dict[str, Mapping[str, Strategy]] = {g.engine.id: g.strategies for g in _GAMES}


def get_engine(game_id: str) -> Engine[Any] | None:
    return REGISTRY.get(game_id)

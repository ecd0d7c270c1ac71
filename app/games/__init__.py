"""The registry: the one place that names the games.

The platform looks engines (and their bot strategies) up here by id and knows nothing else
about them.
"""

from __future__ import annotations

from typing import Any

from app.games import fox_in_the_forest
from app.games.protocol import Engine, Strategy

_GAMES: tuple[tuple[Engine[Any], dict[str, Strategy]], ...] = ((fox_in_the_forest.ENGINE, {}),)

REGISTRY: dict[str, Engine[Any]] = {engine.id: engine for engine, _ in _GAMES}
STRATEGIES: dict[str, dict[str, Strategy]] = {engine.id: bots for engine, bots in _GAMES}


def get_engine(game_id: str) -> Engine[Any] | None:
    return REGISTRY.get(game_id)

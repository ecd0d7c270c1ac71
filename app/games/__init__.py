"""The registry: the one place that names the games.

The platform looks engines up here by id and knows nothing else about them.
"""

from __future__ import annotations

from typing import Any

from app.games.protocol import Engine

_ENGINES: tuple[Engine[Any], ...] = ()

REGISTRY: dict[str, Engine[Any]] = {engine.id: engine for engine in _ENGINES}


def get_engine(game_id: str) -> Engine[Any] | None:
    return REGISTRY.get(game_id)

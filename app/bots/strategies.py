"""Bot strategies by game: `random` for every game, plus each game's own."""

from __future__ import annotations

import random

from app.games import STRATEGIES
from app.games.protocol import Action, Knowledge, Strategy
from app.games.rng import pick


def random_strategy(knowledge: Knowledge, rng: random.Random) -> Action:
    return pick(rng, knowledge.legal)


def strategies_for(game: str) -> dict[str, Strategy]:
    return {"random": random_strategy, **STRATEGIES.get(game, {})}


def bot_names(game: str) -> list[str]:
    return sorted(strategies_for(game))


def stand_in_strategy(game: str) -> str:
    """The bot that plays for an absent player: the game's sensible one if it has one."""
    return "standard" if "standard" in strategies_for(game) else "random"

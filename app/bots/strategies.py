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


class UnknownStrategy(LookupError):
    """A seat names a bot this server does not have: an error, never a silent `random`."""


DAILY_BOT = "daily"
"""A daily deal's bot (app/daily/bot.py): the standard strategy, seeded by what its seat sees."""
PRACTICE_BOT = "practice"
"""A practice table's bot (app/review/practice.py): the expert, under a name that says so."""
TABLE_BOTS = {DAILY_BOT: "standard", PRACTICE_BOT: "expert"}
"""The bots of special tables, named for the table ("Daily bot 2", "Practice bot 2") so that
every client can tell what the table is from its seats: the strategy each plays. Never offered
for a seat in a lobby (`bot_names`)."""


def strategy_named(game: str, name: str) -> Strategy:
    strategies = strategies_for(game)
    strategy = strategies.get(TABLE_BOTS.get(name, name))
    if strategy is None:
        choices = ", ".join(sorted(strategies))
        raise UnknownStrategy(f"{game} has no bot strategy '{name}' (it has: {choices})")
    return strategy


def bot_names(game: str) -> list[str]:
    """From the weakest to the strongest: `random`, then the game's own in the order it
    declares them (standard, expert), as pickers list them."""
    return list(strategies_for(game))

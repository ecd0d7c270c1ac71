"""The registry: the one place that names the games.

The platform looks games up here by id and knows nothing else about them: everything it shows
or decides about a game (title, seats, options and their words, view and action types, whether
it is cooperative) comes from the engine's metadata. Adding a game is one line in `_GAMES`
(and the other places docs/adding-a-game.md lists).
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
from app.games.daily import DailyRules
from app.games.fox_in_the_forest import bots as fox_bots
from app.games.fox_in_the_forest import daily as fox_daily
from app.games.fox_in_the_forest import review as fox_review
from app.games.fox_in_the_forest import tutorial as fox_tutorial
from app.games.fox_in_the_forest_duet import bots as duet_bots
from app.games.fox_in_the_forest_duet import daily as duet_daily
from app.games.fox_in_the_forest_duet import review as duet_review
from app.games.fox_in_the_forest_duet import tutorial as duet_tutorial
from app.games.fox_on_the_run import bots as run_bots
from app.games.fox_on_the_run import daily as run_daily
from app.games.fox_on_the_run import review as run_review
from app.games.fox_on_the_run import tutorial as run_tutorial
from app.games.fox_on_the_tree import bots as tree_bots
from app.games.fox_on_the_tree import daily as tree_daily
from app.games.fox_on_the_tree import review as tree_review
from app.games.fox_on_the_tree import tutorial as tree_tutorial
from app.games.oh_fox import bots as oh_fox_bots
from app.games.oh_fox import daily as oh_fox_daily
from app.games.oh_fox import review as oh_fox_review
from app.games.oh_fox import tutorial as oh_fox_tutorial
from app.games.protocol import Engine, Strategy
from app.games.review import ReviewRules
from app.games.tutorial import Tutorial


@dataclass(frozen=True)
class Game:
    """One game as the platform knows it: its engine, its bots' strategies by name, its
    guided first match (the script beside the engine, app/games/tutorial.py), how its
    post-game review weighs a decision (app/games/review.py) and how its daily deal is laid
    and ranked (app/games/daily.py)."""

    engine: Engine[Any]
    strategies: Mapping[str, Strategy]
    tutorial: Tutorial
    review: ReviewRules
    daily: DailyRules

    @property
    def id(self) -> str:
        return self.engine.id


_GAMES = (
    Game(
        fox_in_the_forest.ENGINE,
        fox_bots.STRATEGIES,
        fox_tutorial.TUTORIAL,
        fox_review.REVIEW,
        fox_daily.DAILY,
    ),
    Game(
        fox_in_the_forest_duet.ENGINE,
        duet_bots.STRATEGIES,
        duet_tutorial.TUTORIAL,
        duet_review.REVIEW,
        duet_daily.DAILY,
    ),
    Game(
        fox_on_the_tree.ENGINE,
        tree_bots.STRATEGIES,
        tree_tutorial.TUTORIAL,
        tree_review.REVIEW,
        tree_daily.DAILY,
    ),
    Game(
        fox_on_the_run.ENGINE,
        run_bots.STRATEGIES,
        run_tutorial.TUTORIAL,
        run_review.REVIEW,
        run_daily.DAILY,
    ),
    Game(
        oh_fox.ENGINE,
        oh_fox_bots.STRATEGIES,
        oh_fox_tutorial.TUTORIAL,
        oh_fox_review.REVIEW,
        oh_fox_daily.DAILY,
    ),
)

GAMES: dict[str, Game] = {game.id: game for game in _GAMES}
# The two halves by id, for the layers that need one of them (the bots need both).
REGISTRY: dict[str, Engine[Any]] = {game.id: game.engine for game in _GAMES}
STRATEGIES: dict[str, Mapping[str, Strategy]] = {game.id: game.strategies for game in _GAMES}
REVIEWS: dict[str, ReviewRules] = {game.id: game.review for game in _GAMES}


def get_engine(game_id: str) -> Engine[Any] | None:
    return REGISTRY.get(game_id)

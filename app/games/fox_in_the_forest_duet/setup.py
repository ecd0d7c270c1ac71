"""Lobby options and the first state of a match."""

from __future__ import annotations

from collections.abc import Mapping

from app.games import options as option_tools
from app.games.fox_in_the_forest_duet import rules_rounds
from app.games.fox_in_the_forest_duet.data import LEVELS, PLAYERS
from app.games.fox_in_the_forest_duet.state import State
from app.games.protocol import JSON, BadOptions, Choice, Flag

LEVEL_OPTION = Choice(
    key="level",
    label="Level",
    values=tuple(LEVELS),
    default=1,
    help="1: board side A. 2: side B. 3: side B with a forest token placed at the start.",
    words={
        1: "Level 1 (side A)",
        2: "Level 2 (side B)",
        3: "Level 3 (side B, a forest token placed first)",
    },
)

OPEN_TRICKS_OPTION = Flag(
    key="open_tricks",
    label="Earlier tricks stay readable (house rule)",
    default=False,
    help="The rulebook says players may never look at cards discarded in previous tricks, so "
    "the log stops naming the cards of older tricks. With this house rule it names them all.",
)

OPTIONS = (LEVEL_OPTION, OPEN_TRICKS_OPTION)


def check_options(options: Mapping[str, JSON], players: int) -> dict[str, JSON]:
    if players != PLAYERS:
        raise BadOptions("The Fox in the Forest Duet is for exactly 2 players.")
    return option_tools.normalize(OPTIONS, options)


def setup(players: int, options: Mapping[str, JSON], seed: int) -> State:
    checked = check_options(options, players)
    return rules_rounds.setup(int(checked["level"]), seed, open_tricks=bool(checked["open_tricks"]))

"""Lobby options and the first state of a match."""

from __future__ import annotations

from collections.abc import Mapping

from app.games.fox_in_the_forest.data import DEFAULT_TARGET, SEATS, SPECIAL_IDS, TARGET_SCORES
from app.games.fox_in_the_forest.rules_deal import new_match
from app.games.fox_in_the_forest.state import Options, State
from app.games.options import normalize
from app.games.protocol import JSON, BadOptions, Choice, Flag, Integer, OptionSpec, Subset

OPTIONS: tuple[OptionSpec, ...] = (
    Choice(
        "target_score",
        "Points to win",
        TARGET_SCORES,
        DEFAULT_TARGET,
        "The match ends after the round in which someone reaches this score.",
        words={16: "16 points (short)", 21: "21 points", 35: "35 points (long)"},
    ),
    Integer(
        "special_cards",
        "Special cards (random)",
        0,
        len(SPECIAL_IDS),
        0,
        "How many of the nine Deluxe special cards are shuffled in at random, unseen "
        "(the rulebook suggests 2).",
    ),
    Subset(
        "special_list",
        "Special cards (chosen)",
        SPECIAL_IDS,
        (),
        "Play with exactly these special cards instead of a random pick.",
        words={
            "axe": "8 Axe",
            "tree": "6 Tree",
            "fairy": "4 Fairy",
            "crown": "2 Crown",
            "mirror": "Mirror",
            "bow": "Bow",
            "hammer": "Hammer",
            "potion": "Potion",
            "shovel": "Shovel",
        },
    ),
    Flag("poison", "Poison 8s", False, "The three Poison 8s replace the 8s: taking one costs 1."),
    Flag("goals", "Goal cards", False, "Two house goals per round, worth points when met."),
    Flag(
        "open_tricks",
        "Earlier tricks stay readable (house rule)",
        False,
        "The rulebook forbids looking at earlier tricks, so the log stops naming their cards "
        "once a newer trick is done. With this house rule the whole log stays readable.",
    ),
)


def check_options(options: Mapping[str, JSON], players: int) -> dict[str, JSON]:
    if players != SEATS:
        raise BadOptions("The Fox in the Forest is for exactly two players.")
    chosen = normalize(OPTIONS, options)
    listed = chosen["special_list"]
    if listed and chosen["special_cards"] not in (0, len(listed)):
        raise BadOptions(
            "Special cards: give either a number to draw at random or a list, not both."
        )
    return chosen


def setup(players: int, options: Mapping[str, JSON], seed: int) -> State:
    chosen = check_options(options, players)
    listed = tuple(card for card in SPECIAL_IDS if card in chosen["special_list"])
    settings = Options(
        target_score=chosen["target_score"],
        special_count=len(listed) or chosen["special_cards"],
        special_list=listed,
        poison=chosen["poison"],
        goals=chosen["goals"],
        open_tricks=chosen["open_tricks"],
    )
    return new_match(settings, seed)

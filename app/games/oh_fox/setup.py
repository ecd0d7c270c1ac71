"""Lobby options and the setup: animal cards, identities, objectives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games import options as option_tools
from app.games.oh_fox.data import (
    ANIMAL_CARD_SIZES,
    ANIMALS,
    OBJECTIVE_COUNT,
    OBJECTIVES,
    PREDATORS,
    PREY,
)
from app.games.oh_fox.state import PROGRAM, OhFoxState
from app.games.protocol import BadOptions, Choice, Flag, OptionSpec, Subset
from app.games.rng import generator, pick, sample, shuffled

PREDATOR_SEATS = ("random", "first", "second", "third", "fourth")

OPTIONS: tuple[OptionSpec, ...] = (
    Choice(
        "animal_cards",
        "Animal cards (Forest Facades)",
        tuple(ANIMAL_CARD_SIZES),
        "standard",
        "How many animal cards are shown face up. Tough Nut and Completely Nuts (Forest "
        "Facades) add predators and prey; their prey-only sizes keep 2 predators and add only "
        "prey, a handicap for an experienced predator.",
        words={
            "standard": "Standard (2 predators + 3 prey)",
            "tough_nut": "Tough Nut (3 predators + 4 prey)",
            "completely_nuts": "Completely Nuts (4 predators + 6 prey)",
            "tough_nut_prey_only": "Tough Nut, prey only (2 predators + 4 prey)",
            "completely_nuts_prey_only": "Completely Nuts, prey only (2 predators + 6 prey)",
        },
    ),
    Subset(
        "picked_animals",
        "Animal cards picked by hand",
        ANIMALS,
        (),
        "These animal cards are shown; the rest are drawn at random.",
        words={animal: animal.capitalize() for animal in ANIMALS},
    ),
    Flag(
        "masked_predator",
        "Masked Predator",
        False,
        "Nobody knows who the predator is until the guessing; the pawns stay in the box.",
    ),
    Choice(
        "objectives",
        "Objective cards",
        ("two", "none"),
        "two",
        "Two objective cards (those picked below, the rest at random), or none for an easier "
        "first game.",
        words={"two": "Two objective cards", "none": "No objective cards"},
    ),
    Subset(
        "picked_objectives",
        "Objective cards picked by hand",
        OBJECTIVES,
        (),
        "At most 2; the rest are drawn at random.",
        words={objective: objective.capitalize() for objective in OBJECTIVES},
    ),
    Choice(
        "predator",
        "Who is the predator",
        PREDATOR_SEATS,
        "random",
        "Give the predator to the player in this seat (the rulebook's choice for an "
        "experienced player), or deal it at random.",
        words={
            "random": "Dealt at random",
            "first": "The player in seat 1",
            "second": "The player in seat 2",
            "third": "The player in seat 3",
            "fourth": "The player in seat 4",
        },
    ),
)


def check_options(raw: Mapping[str, Any], players: int) -> dict[str, Any]:
    options = option_tools.normalize(OPTIONS, raw)
    predators, prey = ANIMAL_CARD_SIZES[options["animal_cards"]]
    picked = options["picked_animals"]
    if sum(a in PREDATORS for a in picked) > predators or sum(a in PREY for a in picked) > prey:
        raise BadOptions(
            f"Animal cards picked by hand: at most {predators} predators and {prey} prey "
            "for this size."
        )
    if options["objectives"] == "none" and options["picked_objectives"]:
        raise BadOptions("Objective cards picked by hand need Objective cards set to two.")
    if len(options["picked_objectives"]) > OBJECTIVE_COUNT:
        raise BadOptions(f"Objective cards picked by hand: at most {OBJECTIVE_COUNT}.")
    chosen = PREDATOR_SEATS.index(options["predator"])
    if chosen > players:
        raise BadOptions(f"Who is the predator: there are only {players} players.")
    if chosen and options["masked_predator"]:
        # Lobby options are public, so a chosen predator cannot stay masked.
        raise BadOptions("Who is the predator must be random with Masked Predator.")
    return options


def _fill(seed: int, label: str, pool: tuple[str, ...], picked: list[str], size: int) -> list[str]:
    """The picked cards plus random ones from the rest of `pool`, up to `size`."""
    mine = [card for card in pool if card in picked]
    rest = [card for card in pool if card not in picked]
    drawn = sample(generator(seed, label), rest, size - len(mine))
    return [card for card in pool if card in mine or card in drawn]


def _deal_identities(
    seed: int, players: int, animals: list[str], predator_choice: str
) -> tuple[str, ...]:
    rng = generator(seed, "identities")
    predator = pick(rng, [a for a in animals if a in PREDATORS])
    prey = list(sample(rng, [a for a in animals if a in PREY], players - 1))
    chosen = PREDATOR_SEATS.index(predator_choice)
    seat = chosen - 1 if chosen else pick(rng, list(range(players)))
    prey = list(shuffled(rng, prey))
    return tuple([*prey[:seat], predator, *prey[seat:]])


def setup(players: int, options: Mapping[str, Any], seed: int) -> OhFoxState:
    predators, prey = ANIMAL_CARD_SIZES[options["animal_cards"]]
    picked = list(options["picked_animals"])
    animals = _fill(seed, "predator-cards", PREDATORS, picked, predators) + _fill(
        seed, "prey-cards", PREY, picked, prey
    )
    objectives: list[str] = []
    if options["objectives"] == "two":
        picked_objectives = list(options["picked_objectives"])
        objectives = _fill(seed, "objectives", OBJECTIVES, picked_objectives, OBJECTIVE_COUNT)
    return OhFoxState(
        players=players,
        seed=seed,
        masked=bool(options["masked_predator"]),
        animals=tuple(animals),
        objectives=tuple(objectives),
        identities=_deal_identities(seed, players, animals, options["predator"]),
        rows=tuple(() for _ in range(players)),
        pending=(None,) * players,
        marks=(None,) * players,
        guesses=(None,) * players,
        phase=PROGRAM,
    )

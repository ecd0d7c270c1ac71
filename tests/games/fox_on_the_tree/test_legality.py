"""`apply` checks one command with `is_legal`: it must agree with the full legal list."""

from __future__ import annotations

import random

from app.games.fox_on_the_tree import ENGINE
from app.games.fox_on_the_tree import rules_actions as a
from app.games.fox_on_the_tree.data import ANIMALS, TILE_COUNT
from app.games.fox_on_the_tree.rules import is_legal, legal_commands
from app.games.fox_on_the_tree.rules_actions import Command
from app.games.rng import pick


def _every_command() -> list[Command]:
    """Every well-formed command: each type with each animal and tile its fields allow."""
    commands = []
    for kind, fields in a.SHAPES.items():
        animals = ANIMALS if "animal" in fields else ("",)
        tiles = range(TILE_COUNT) if {"tile", "to"} & set(fields) else (-1,)
        commands += [Command(kind, animal, tile) for animal in animals for tile in tiles]
    return commands


def test_is_legal_agrees_with_the_legal_list_in_every_state_of_random_matches() -> None:
    commands = _every_command()
    chooser = random.Random(7)
    for match in range(12):
        players = 2 + match % 4
        state = ENGINE.setup(players, {}, 900 + match)
        while actors := ENGINE.to_act(state):
            for seat in range(players):
                listed = set(legal_commands(state, seat))
                assert {c for c in commands if is_legal(state, seat, c)} == listed
            seat = pick(chooser, actors)
            action = pick(chooser, ENGINE.legal_actions(state, seat))
            state = ENGINE.apply(state, seat, action).state

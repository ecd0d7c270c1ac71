"""Setup and lobby options: colours, homes, cards, animal cards, identities, objectives."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.oh_fox import ENGINE
from app.games.oh_fox.data import CARD_COUNTS, OBJECTIVES, PREDATORS, PREY
from app.games.oh_fox.state import PROGRAM, predator_seat
from app.games.protocol import BadOptions


def _setup(players: int, seed: int = 1, **raw: Any) -> Any:
    return ENGINE.setup(players, ENGINE.check_options(raw, players), seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_colours_homes_and_thirteen_cards_each(players: int) -> None:
    view = ENGINE.view(_setup(players), None)
    homes = {"red": "r0c1", "blue": "r1c3", "green": "r3c2", "yellow": "r2c0"}
    for seat in view["seats"]:
        assert seat["home"] == homes[seat["colour"]]
        assert seat["hand"] == CARD_COUNTS
        assert seat["cards_left"] == 13
        assert seat["row"] == []
    assert [s["colour"] for s in view["seats"]] == ["red", "blue", "green", "yellow"][:players]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_identities_are_dealt_as_written(players: int, seed: int) -> None:
    state = _setup(players, seed)
    shown_predators = [a for a in state.animals if a in PREDATORS]
    shown_prey = [a for a in state.animals if a in PREY]
    assert (len(shown_predators), len(shown_prey)) == (2, 3)
    assert sum(a in PREDATORS for a in state.identities) == 1
    assert len(set(state.identities)) == players
    assert set(state.identities) <= set(state.animals)


def test_identities_vary_with_the_seed() -> None:
    dealt = {_setup(3, seed).identities for seed in range(40)}
    assert len(dealt) > 10
    assert {predator_seat(_setup(3, seed)) for seed in range(40)} == {0, 1, 2}


@pytest.mark.parametrize(
    ("size", "counts"),
    [
        ("standard", (2, 3)),
        ("tough_nut", (3, 4)),
        ("completely_nuts", (4, 6)),
        ("tough_nut_prey_only", (2, 4)),
        ("completely_nuts_prey_only", (2, 6)),
    ],
)
def test_forest_facades_show_more_animal_cards(size: str, counts: tuple[int, int]) -> None:
    state = _setup(4, animal_cards=size)
    assert (len([a for a in state.animals if a in PREDATORS]), len(state.animals)) == (
        counts[0],
        sum(counts),
    )
    view = ENGINE.view(state, None)
    assert [card["animal"] for card in view["animals"]] == list(state.animals)


def test_picked_animals_are_shown_and_the_rest_drawn_at_random() -> None:
    for seed in range(10):
        state = _setup(3, seed, picked_animals=["owl", "toad"])
        assert {"owl", "toad"} <= set(state.animals)
        assert len(state.animals) == 5
    full = _setup(2, picked_animals=["fox", "viper", "rat", "rabbit", "sparrow"])
    assert full.animals == ("fox", "viper", "rabbit", "rat", "sparrow")


def test_the_predator_is_public_by_default() -> None:
    state = _setup(3, 5)
    for viewer in [0, 1, 2, None]:
        view = ENGINE.view(state, viewer)
        assert view["predator_seat"] == predator_seat(state)
        assert [s["role"] for s in view["seats"]].count("predator") == 1


def test_masked_predator_hides_who_the_predator_is() -> None:
    state = _setup(3, 5, masked_predator=True)
    predator = predator_seat(state)
    for viewer in [0, 1, 2, None]:
        view = ENGINE.view(state, viewer)
        assert view["predator_seat"] is None
        assert all(s["role"] is None for s in view["seats"])
    assert ENGINE.view(state, predator)["you"]["role"] == "predator"


def test_the_predator_can_be_given_to_a_chosen_seat() -> None:
    for seed in range(6):
        assert predator_seat(_setup(4, seed, predator="third")) == 2
        assert predator_seat(_setup(2, seed, predator="first")) == 0


def test_objectives_two_random_none_or_picked() -> None:
    drawn = {_setup(2, seed).objectives for seed in range(30)}
    assert all(len(o) == 2 and set(o) <= set(OBJECTIVES) for o in drawn)
    assert len(drawn) > 5
    assert _setup(2, objectives="none").objectives == ()
    assert _setup(2, picked_objectives=["swimmer", "fickler"]).objectives == ("fickler", "swimmer")
    for seed in range(5):
        assert "navigator" in _setup(2, seed, picked_objectives=["navigator"]).objectives


def test_everyone_starts_choosing_turn_one() -> None:
    state = _setup(4)
    assert state.phase == PROGRAM
    assert ENGINE.to_act(state) == (0, 1, 2, 3)
    assert ENGINE.view(state, 0)["turn"] == 1


@pytest.mark.parametrize(
    ("players", "raw", "message"),
    [
        (2, {"picked_animals": ["fox", "owl", "viper"]}, "at most 2 predators"),
        (2, {"picked_animals": ["rat", "toad", "rabbit", "squirrel"]}, "3 prey"),
        (2, {"objectives": "none", "picked_objectives": ["fickler"]}, "set to two"),
        (2, {"picked_objectives": ["fickler", "navigator", "swimmer"]}, "at most 2"),
        (2, {"predator": "third"}, "only 2 players"),
        (3, {"predator": "first", "masked_predator": True}, "random with Masked"),
        (3, {"variant": "x"}, "Unknown option"),
    ],
)
def test_bad_option_combinations_are_refused(
    players: int, raw: dict[str, Any], message: str
) -> None:
    with pytest.raises(BadOptions, match=message):
        ENGINE.check_options(raw, players)


def test_completely_nuts_can_pick_every_animal() -> None:
    everything = list(PREDATORS + PREY)
    options = ENGINE.check_options(
        {"animal_cards": "completely_nuts", "picked_animals": everything}, 4
    )
    assert len(ENGINE.setup(4, options, 3).animals) == 10

"""The bots: legal, deciding from their knowledge alone; `standard` takes wins it sees and
beats a random player clearly."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from app.games.fox_on_the_run import ENGINE, data
from app.games.fox_on_the_run.bots import STRATEGIES, expert, standard
from app.games.fox_on_the_run.state import State
from app.games.rng import pick
from tests.games.bot_checks import check_always_listed, check_knowledge_alone, knowing

from .helpers import make_state, play, seat, step

GAMES_PER_FACTION = 50


PLAYER_COUNTS = (2, 4)


def choose(state: State, rng: random.Random) -> dict[str, object]:
    actor = seat(state)
    return dict(standard(knowing(ENGINE, state, actor), rng))


def match(seed: int, bot_faction: str | None) -> str:
    """A 2-player match: the bot plays `bot_faction`, a uniformly random player the other."""
    state = ENGINE.setup(2, {}, seed)
    rng = random.Random(seed)
    while ENGINE.to_act(state):
        actor = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, actor)
        mine = state.characters[state.current].faction == bot_faction
        action = choose(state, rng) if mine else pick(rng, legal)
        state = ENGINE.apply(state, actor, action).state
    return state.winner


def test_the_strategy_table_names_the_standard_bot() -> None:
    assert {"standard": standard, "expert": expert} == STRATEGIES


def test_the_bot_beats_a_random_player_clearly_from_either_side() -> None:
    bot_wins = random_wins = 0
    for faction in data.FACTIONS:
        for seed in range(GAMES_PER_FACTION):
            bot_wins += match(seed, faction) == faction
            random_wins += match(seed, None) == faction
    games = 2 * GAMES_PER_FACTION
    assert bot_wins >= 0.85 * games, (bot_wins, random_wins)
    assert bot_wins >= random_wins + 0.25 * games, (bot_wins, random_wins)


def test_the_bot_takes_a_win_it_can_see() -> None:
    foxes = make_state(where={data.PUFFER: "A5", data.ZEV: "A5", data.SCARLETT: "D4"})
    over, _ = play(foxes, choose(foxes, random.Random(1)))
    assert over.winner == data.FOXES
    guardians = make_state(where={data.ZEV: "C3", data.INDIGO: "D3"}, current=data.ZEV)
    over, _ = play(guardians, choose(guardians, random.Random(1)))
    assert over.winner == data.GUARDIANS


def test_indigo_keeps_out_of_zev_reach() -> None:
    # From D5, C4 and D4 are both three tiles from Scarlett on A1, but Zev on C3 could step onto
    # C4 next turn (he moves orthogonally), not onto D4.
    state = make_state(where={data.ZEV: "C3", data.PUFFER: "A5", data.INDIGO: "D5"})
    for seed in range(5):
        after, _ = play(state, choose(state, random.Random(seed)))
        indigo = next(c for c in after.characters if c.name == data.INDIGO)
        assert data.cell_name(indigo.pos) == "D4"


def test_the_bot_answers_every_kind_of_decision_with_a_legal_action() -> None:
    napoleon = make_state(
        {"C3": "S", "C2": "N", "D3": "E"},
        {data.NAPOLEON: "C4", data.SCARLETT: "C3", data.RAFFLES: "A4"},
        current=data.NAPOLEON,
        fox_neutral=data.RAFFLES,
    )
    zev = make_state({"C3": "N"}, {data.ZEV: "C3", data.PUFFER: "A5"}, current=data.ZEV)
    states = [
        play(make_state({"E4": "N+W"}), step("N"))[0],  # an arrow choice
        replace(zev, phase="ability"),  # reveal or skip
        play(napoleon, step("N"))[0],  # a push
    ]
    for state in states:
        action = choose(state, random.Random(0))
        assert action in [dict(a) for a in ENGINE.legal_actions(state, seat(state))]


def test_the_bot_is_deterministic_for_a_given_generator() -> None:
    state = ENGINE.setup(2, {}, 9)
    assert choose(state, random.Random(4)) == choose(state, random.Random(4))


# --------------------------------------------------------------------------- knowledge only

FAST_EXPERT = expert.budgeted(iterations=12)
"""The search on a small budget, for the checks that only need it to run."""
OPTION_SETS: list[dict[str, Any]] = [{}, {"neutrals": "random"}]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_standard_always_returns_a_listed_action(options: dict[str, Any]) -> None:
    check_always_listed(ENGINE, standard, PLAYER_COUNTS, options=options)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_expert_always_returns_a_listed_action(options: dict[str, Any]) -> None:
    check_always_listed(ENGINE, FAST_EXPERT, PLAYER_COUNTS, count=200, options=options, every=10)


@pytest.mark.parametrize("name", ["standard", "expert"])
def test_a_bot_decides_from_its_knowledge_alone(name: str) -> None:
    strategy = FAST_EXPERT if name == "expert" else standard
    check_knowledge_alone(ENGINE, strategy, PLAYER_COUNTS, every=4 if name == "standard" else 8)

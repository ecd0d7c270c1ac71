"""The bots: legal, deciding from their knowledge alone; `standard` clearly beats random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games.fox_on_the_tree import ENGINE
from app.games.fox_on_the_tree.bots import STRATEGIES, expert, standard
from app.games.fox_on_the_tree.state import State
from app.games.rng import pick
from tests.games.bot_checks import check_always_listed, check_knowledge_alone, knowing
from tests.games.fox_on_the_tree.helpers import make_state, move

GAMES = 100
PLAYER_COUNTS = (2, 4)


def play_against_random(seed: int, players: int, bot_seat: int) -> tuple[float, float]:
    """The bot's share of the win and its lead over the best random player."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, {}, seed)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        if seat == bot_seat:
            action = standard(knowing(ENGINE, state, seat), rng)
            assert action in legal
        else:
            action = pick(rng, legal)
        state = ENGINE.apply(state, seat, action).state
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    share = 1 / len(outcome.winners) if bot_seat in outcome.winners else 0.0
    others = max(s for seat, s in enumerate(outcome.scores) if seat != bot_seat)
    return share, outcome.scores[bot_seat] - others


def test_standard_beats_random_players_clearly() -> None:
    results = [
        play_against_random(seed, 2 + seed % 4, seed % (2 + seed % 4)) for seed in range(GAMES)
    ]
    wins = sum(share for share, _ in results)
    chance = sum(1 / (2 + seed % 4) for seed in range(GAMES))  # about 32 games of 100
    assert wins >= 2 * chance, (wins, chance)
    assert sum(lead for _, lead in results) > 0


def test_the_strategy_table_names_standard() -> None:
    assert {"standard": standard, "expert": expert} == STRATEGIES


def bot_choice(state: State, seat: int) -> dict[str, object]:
    return dict(standard(knowing(ENGINE, state, seat), random.Random(0)))


def test_the_bot_saves_a_favourite_and_lets_its_disliked_animal_go() -> None:
    # Seat 1 holds card 1: favours the cow and the wolf, dislikes the pig.
    cow_in_danger = move(make_state(at={"cow": 4, "fox": 5, "pig": 0}, cards=(5, 1, 9)), "fox", 4)
    assert bot_choice(cow_in_danger, 1) == {"type": "save", "animal": "cow"}
    pig_in_danger = move(make_state(at={"pig": 4, "fox": 5, "cow": 0}, cards=(5, 1, 9)), "fox", 4)
    assert bot_choice(pig_in_danger, 1) == {"type": "decline", "animal": "pig"}


def test_the_bot_walks_its_disliked_animal_into_a_losing_conflict() -> None:
    # Card 9 favours the cow and the bear and dislikes the lynx. The lynx stepping onto the
    # cow (supported by the sheep behind it) is eliminated with the lowest number.
    state = make_state(
        at={"cow": 4, "sheep": 3, "lynx": 5, "bear": 9}, cards=(9, 5, 1), held=[(), (), ()]
    )
    assert bot_choice(state, 0) == {"type": "move", "animal": "lynx", "to": 4}


# --------------------------------------------------------------------------- knowledge only

FAST_EXPERT = expert.budgeted(iterations=12)
"""The search on a small budget, for the checks that only need it to run."""
OPTION_SETS: list[dict[str, Any]] = [{}]


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

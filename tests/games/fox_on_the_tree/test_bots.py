"""The `standard` bot: legal, view-only, and clearly better than picking at random."""

from __future__ import annotations

import random

import pytest

from app.games.fox_on_the_tree import ENGINE
from app.games.fox_on_the_tree.bots import STRATEGIES, model_from_view, standard
from app.games.fox_on_the_tree.state import State
from app.games.rng import pick
from tests.games.bot_checks import check_always_listed, check_view_alone
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
            action = standard(ENGINE.view(state, seat), legal, seat, rng)
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
    assert list(STRATEGIES) == ["standard"] and STRATEGIES["standard"] is standard


def test_the_model_rebuilt_from_a_view_plays_like_the_state() -> None:
    state = ENGINE.setup(3, {}, 11)
    for _ in range(25):
        seat = ENGINE.to_act(state)[0]
        model = model_from_view(ENGINE.view(state, seat), seat)
        assert ENGINE.legal_actions(model, seat) == ENGINE.legal_actions(state, seat)
        assert ENGINE.view(model, seat) == ENGINE.view(state, seat)
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[-1]).state


def bot_choice(state: State, seat: int) -> dict[str, object]:
    legal = ENGINE.legal_actions(state, seat)
    return dict(standard(ENGINE.view(state, seat), legal, seat, random.Random(0)))


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


# --------------------------------------------------------------------------- view only


def test_the_bot_always_returns_a_listed_action() -> None:
    check_always_listed(ENGINE, standard, PLAYER_COUNTS)


def test_the_bot_decides_from_the_view_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    check_view_alone(monkeypatch, ENGINE, standard, PLAYER_COUNTS)

"""The standard bot plays only from the view and clearly beats a random player."""

from __future__ import annotations

import random

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.bots import STRATEGIES, standard

GAMES = 100


def _game(seed: int, bot_seat: int, options: dict[str, object]) -> tuple[int, ...]:
    rng = random.Random(seed)
    state = ENGINE.setup(2, ENGINE.check_options(options, 2), seed)
    while ENGINE.to_act(state):
        seat = rng.choice(ENGINE.to_act(state))
        legal = list(ENGINE.legal_actions(state, seat))
        if seat == bot_seat:
            action = standard(ENGINE.view(state, seat), legal, seat, rng)
            assert action in legal
        else:
            action = rng.choice(legal)
        state = ENGINE.apply(state, seat, action).state
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return outcome.winners


def test_standard_bot_beats_a_random_player() -> None:
    wins = 0
    for game in range(GAMES):
        options: dict[str, object] = {"target_score": 16}
        if game % 2:
            options |= {"special_cards": 3, "poison": True, "goals": True}
        winners = _game(1000 + game, game % 2, options)
        wins += winners == (game % 2,)
    assert wins >= 65, wins


def test_strategies_are_exposed() -> None:
    assert {"standard": standard} == STRATEGIES

"""The daily bot's generator is seeded by what its seat sees, never by the hidden cards: two
deals its seat cannot tell apart give it the same choices; a table it sees differently does not."""

from __future__ import annotations

import random

import pytest

from app.daily.bot import daily_rng
from app.games import GAMES


@pytest.mark.parametrize("game", list(GAMES))
def test_the_bot_draws_from_its_seats_view_alone(game: str) -> None:
    engine, rules = GAMES[game].engine, GAMES[game].daily
    options = engine.check_options({}, rules.players)
    state = engine.setup(rules.players, options, 7)
    bot = 1 - rules.seat
    other_deal = engine.determinize(state, bot, random.Random(3))  # the bot's cards, others new
    assert engine.view(other_deal, bot) == engine.view(state, bot)
    assert daily_rng(engine, other_deal, bot).random() == daily_rng(engine, state, bot).random()
    elsewhere = engine.setup(rules.players, options, 8)
    if engine.view(elsewhere, bot) != engine.view(state, bot):
        assert daily_rng(engine, elsewhere, bot).random() != daily_rng(engine, state, bot).random()

"""Every game's daily deal (app/games/<game>/daily.py): the day's table is one the engine
accepts, whatever the seed; the Duet's team missions judge a finished outcome as they say;
results order as docs/daily.md says."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games import GAMES
from app.games.daily import margin, standing_by_win_then_margin
from app.games.fox_in_the_forest_duet.daily import MISSIONS
from app.games.protocol import Outcome
from app.games.rng import generator


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**62))
def test_the_table_of_the_day_is_one_the_engine_deals(game: str, seed: int) -> None:
    known = GAMES[game]
    rules = known.daily
    assert rules.players in known.engine.seats and 0 <= rules.seat < rules.players
    table = rules.of_the_day(generator(seed, "daily", game))
    options = known.engine.check_options(table.options, rules.players)
    state = known.engine.setup(rules.players, options, seed)
    assert rules.seat in range(rules.players) and known.engine.outcome(state) is None
    if table.mission is not None:  # a mission the platform can find again by its key
        assert rules.mission(table.mission.key) is table.mission


def test_the_day_varies_the_duet_level_and_mission() -> None:
    rules = GAMES["fox-in-the-forest-duet"].daily
    tables = [rules.of_the_day(random.Random(seed)) for seed in range(60)]
    assert {t.options["level"] for t in tables} == {1, 2, 3}
    assert {t.mission.key for t in tables if t.mission} == {m.key for m in MISSIONS}


def _duet_win(round_won: int, tokens: int, cards: int, total: int) -> Outcome:
    detail = {"result": "won", "round": round_won, "forest_tokens_unused": tokens}
    return Outcome((0, 1), (total, total), "gems_collected", {**detail, "cards_left": cards})


LOST = Outcome((), (0, 0), "out_of_rounds", {"result": "lost", "round": 3})


@pytest.mark.parametrize(
    ("key", "outcome", "met"),
    [
        ("all_gems", _duet_win(3, 0, 0, 8), True),
        ("all_gems", LOST, False),
        ("two_rounds", _duet_win(2, 0, 0, 20), True),
        ("two_rounds", _duet_win(3, 2, 9, 20), False),
        ("token_to_spare", _duet_win(3, 1, 0, 11), True),
        ("token_to_spare", _duet_win(2, 0, 9, 30), False),
        ("cards_to_spare", _duet_win(3, 0, 4, 12), True),
        ("cards_to_spare", _duet_win(3, 3, 3, 20), False),
        ("cards_to_spare", LOST, False),
    ],
)
def test_the_duet_missions_judge_the_outcome(key: str, outcome: Outcome, met: bool) -> None:
    mission = GAMES["fox-in-the-forest-duet"].daily.mission(key)
    assert mission is not None and mission.met(outcome, 0) is met and mission.met(outcome, 1) is met


def test_a_met_mission_ranks_above_a_bigger_score_that_missed_it() -> None:
    rules = GAMES["fox-in-the-forest-duet"].daily
    mission = rules.mission("two_rounds")
    met, missed = _duet_win(2, 0, 0, 12), _duet_win(3, 3, 9, 30)
    assert rules.standing(met, 0, mission) > rules.standing(missed, 0, mission)
    assert rules.standing(missed, 0, mission) > rules.standing(LOST, 0, mission)


def test_a_competitive_result_ranks_by_the_win_then_the_margin() -> None:
    narrow = Outcome((0,), (16, 15), "target_score")
    wide = Outcome((0,), (21, 3), "target_score")
    close_loss = Outcome((1,), (15, 16), "target_score")
    assert margin(wide, 0) == 18 and margin(close_loss, 0) == -1
    order = [standing_by_win_then_margin(o, 0, None) for o in (wide, narrow, close_loss)]
    assert order == sorted(order, reverse=True)

"""The daily deal (app/games/daily.py): the team mission of the day.

The player and the bot are partners. Each day picks a level and a mission; a result that meets
the mission ranks above one that does not, then a win above a loss, then the team's points.
"""

from __future__ import annotations

import random

from app.games.daily import DailyRules, DayTable, Mission, Standing, won
from app.games.protocol import Outcome, Seat

CARDS_TO_SPARE = 4


def _count(outcome: Outcome, key: str) -> int:
    """A number of the won outcome's score table (app/games/fox_in_the_forest_duet/scoring.py)."""
    value = outcome.detail.get(key)
    return value if isinstance(value, int) else 0


def _won_with(outcome: Outcome, seat: Seat, key: str, least: int) -> bool:
    return won(outcome, seat) and _count(outcome, key) >= least


def _within_two_rounds(outcome: Outcome, seat: Seat) -> bool:
    return won(outcome, seat) and 0 < _count(outcome, "round") <= 2


MISSIONS = (
    Mission("all_gems", "Collect every gem before the third round is over.", won),
    Mission("two_rounds", "Collect every gem within two rounds.", _within_two_rounds),
    Mission(
        "token_to_spare",
        "Win with at least one forest token never used.",
        lambda outcome, seat: _won_with(outcome, seat, "forest_tokens_unused", 1),
    ),
    Mission(
        "cards_to_spare",
        f"Win with at least {CARDS_TO_SPARE} cards left in your two hands.",
        lambda outcome, seat: _won_with(outcome, seat, "cards_left", CARDS_TO_SPARE),
    ),
)


def of_the_day(rng: random.Random) -> DayTable:
    return DayTable(options={"level": rng.choice((1, 2, 3))}, mission=rng.choice(MISSIONS))


def standing(outcome: Outcome, seat: Seat, mission: Mission | None) -> Standing:
    met = mission.met(outcome, seat) if mission is not None else won(outcome, seat)
    return (float(met), float(won(outcome, seat)), outcome.scores[seat])


DAILY = DailyRules(players=2, of_the_day=of_the_day, standing=standing, missions=MISSIONS)

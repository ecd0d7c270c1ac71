"""The daily deal (app/games/daily.py): a short match to 16 points, some days with two of the
Deluxe special cards shuffled in unseen, against the bot."""

from __future__ import annotations

import random

from app.games.daily import DailyRules, DayTable


def of_the_day(rng: random.Random) -> DayTable:
    return DayTable(options={"target_score": 16, "special_cards": rng.choice((0, 2))})


DAILY = DailyRules(players=2, of_the_day=of_the_day)

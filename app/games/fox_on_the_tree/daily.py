"""The daily deal (app/games/daily.py): two players, the game's usual options; the player in the
first seat, the bot in the second, ranked by a win and then the margin of points."""

from __future__ import annotations

from app.games.daily import DailyRules

DAILY = DailyRules(players=2)

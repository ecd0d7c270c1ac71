"""The bot of a daily deal: the game's standard strategy, answering a table the same way for
everyone who plays the deal.

An ordinary bot draws its random choices from a generator seeded by the match id, so two
matches dealt alike can go apart at the bot's first choice. A daily deal is compared across
players (duplicate scoring), so its bot's generator is seeded by what the bot's seat knows at
that moment instead: the engine's view for the seat, which holds no name, no match id and no
card the seat could not see. Two players who make the same moves on the same deal meet the
same answers; and since the seed is built from the seat's own information alone, it tells the
bot nothing about the hidden cards (a generator seeded from the true state could correlate the
worlds it samples with the real one).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import orjson

from app.bots.strategies import DAILY_BOT
from app.games.protocol import Engine

__all__ = ["DAILY_BOT", "daily_rng"]
# It plays the standard strategy (app/bots/strategies.py's TABLE_BOTS): every game has it, and it
# takes no wall-clock budget (the expert's search stops on time, so it would answer a loaded
# server differently).


def daily_rng(engine: Engine[Any], state: Any, seat: int) -> random.Random:
    seen = orjson.dumps(engine.view(state, seat), option=orjson.OPT_SORT_KEYS)
    return random.Random(hashlib.sha256(seen + b":%d" % seat).digest())

"""Rating pools: people are rated among people, bot accounts among bot accounts.

A rated table seats one kind only (a person's rated table refuses a bot account, and a bot
account's refuses a person: `lobby/rated_mixed`), so every rated match belongs to one pool,
the pool of its players. A player's pool follows from the account's bot mark, which is set
only before any rated match and never taken back: their ratings were all earned in it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Query
from sqlalchemy import ColumnElement, false, func

from app.accounts.models import Account

Pool = Literal["people", "bots"]
PEOPLE: Pool = "people"
BOTS: Pool = "bots"
POOL_HELP = "people (the default): rated among people; bots: bot accounts rated among themselves"
PoolQuery = Annotated[Pool, Query(description=POOL_HELP)]


def pool_of(is_bot: bool) -> Pool:
    return BOTS if is_bot else PEOPLE


def in_pool(pool: Pool) -> ColumnElement[bool]:
    """A filter on a query outer-joined to Account: the player is in `pool` (a guest has no
    account row and is a person)."""
    is_bot = func.coalesce(Account.is_bot, false())
    return is_bot.is_(True) if pool == BOTS else is_bot.is_(False)

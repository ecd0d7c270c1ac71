"""A rated table seats one kind: people, or bot accounts (each kind has its own rating pool).

An outside program at a person's rated table would be rated among people undisclosed, and a
person at a bot account's would be rated among programs; either join is refused with
`lobby/rated_mixed`, as is making a mixed table rated. The platform's own seat bots never sit
at a rated table at all (`lobby/rated_no_bots`, app/lobby/service.py).
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.bot_accounts import bot_ids_of
from app.core.errors import ApiError
from app.lobby.models import Lobby

TO_PEOPLE = "This rated table is for people: a bot account plays rated among bot accounts."
TO_BOTS = "This rated table is for bot accounts: people play rated among people."
MIXED = "People and bot accounts sit here: a rated table seats one kind (each has its own pool)."


async def refuse_mixed_join(session: AsyncSession, lobby: Lobby, player_id: str) -> None:
    """`player_id` may not sit at this rated table if the others are of the other kind."""
    seated = [s.player_id for s in lobby.seats if s.player_id and s.player_id != player_id]
    if not lobby.rated or not seated:
        return
    bots = await bot_ids_of(session, [*seated, player_id])
    joiner_is_bot = player_id in bots
    if any((pid in bots) != joiner_is_bot for pid in seated):
        raise ApiError("lobby/rated_mixed", TO_PEOPLE if joiner_is_bot else TO_BOTS)


async def refuse_mixed_table(session: AsyncSession, lobby: Lobby) -> None:
    """A table about to be rated seats one kind only."""
    seated = [s.player_id for s in lobby.seats if s.player_id]
    bots = await bot_ids_of(session, seated)
    if bots and len(bots) != len(set(seated)):
        raise ApiError("lobby/rated_mixed", MIXED)

"""Bot accounts: an account a program plays, marked as such for good (Lichess's BOT title).

The mark is the owner's own declaration and cannot be taken back, so a program never passes
as a person. It is refused once the account has played a rated match (its rating was earned
among people, and the two pools stay apart) and while the account sits at a table or plays a
match (its opponents sat down with a person).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.accounts import account_of
from app.accounts.models import Account, Player
from app.core.errors import ApiError
from app.core.statuses import MatchStatus
from app.lobby.activity import open_tables_of
from app.lobby.models import Lobby
from app.matches.models import Match, MatchSeat

RATED_HISTORY = (
    "This account has played rated matches among people: only an account with no rated "
    "match may become a bot (create a new account for your bot)."
)
IN_PLAY = "Finish your matches and leave your tables first: they were joined as a person."


async def make_bot(session: AsyncSession, player_id: str, idle_cutoff: datetime) -> Account:
    """Mark the account as a bot (already one: nothing changes). Commits. A table idle since
    before `idle_cutoff` reads closed (app/lobby/activity.py): sitting there does not count."""
    account = await account_of(session, player_id)
    if account.is_bot:
        return account
    if await _has_rated_match(session, player_id):
        raise ApiError("account/rated_history", RATED_HISTORY)
    if await _in_play(session, player_id, idle_cutoff):
        raise ApiError("account/in_play", IN_PLAY)
    account.is_bot = True
    # The seats of its past matches now name a bot: a seat "changing hands" moves the epoch
    # on, so every process reloads those seats instead of serving a cached copy.
    played = select(MatchSeat.match_id).where(MatchSeat.player_id == player_id)
    await session.execute(
        update(Match).where(Match.id.in_(played)).values(seat_epoch=Match.seat_epoch + 1)
    )
    await session.commit()
    return account


async def bot_ids_of(session: AsyncSession, ids: Iterable[str | None]) -> set[str]:
    """Which of these players are bot accounts (guests never are)."""
    wanted = {pid for pid in ids if pid}
    if not wanted:
        return set()
    found = await session.scalars(
        select(Account.player_id).where(Account.player_id.in_(wanted), Account.is_bot.is_(True))
    )
    return set(found.all())


async def names_and_bots(session: AsyncSession, ids: set[str]) -> tuple[dict[str, str], set[str]]:
    """Display names, and which are bot accounts, in one query (a table's seats, every push)."""
    if not ids:
        return {}, set()
    rows = await session.execute(
        select(Player.id, Player.name, Account.is_bot)
        .outerjoin(Account, Account.player_id == Player.id)
        .where(Player.id.in_(ids))
    )
    names, bots = {}, set()
    for player_id, name, is_bot in rows:
        names[player_id] = name
        if is_bot:
            bots.add(player_id)
    return names, bots


async def is_bot_account(session: AsyncSession, player_id: str) -> bool:
    return bool(await bot_ids_of(session, [player_id]))


async def _has_rated_match(session: AsyncSession, player_id: str) -> bool:
    """Any match at a rated table, running or over (a Duet's team record counts too)."""
    found = await session.scalar(
        select(MatchSeat.match_id)
        .join(Match, Match.id == MatchSeat.match_id)
        .join(Lobby, Lobby.id == Match.lobby_id)
        .where(MatchSeat.player_id == player_id, Lobby.rated.is_(True))
        .limit(1)
    )
    return found is not None


async def _in_play(session: AsyncSession, player_id: str, idle_cutoff: datetime) -> bool:
    playing = await session.scalar(
        select(MatchSeat.match_id)
        .join(Match, Match.id == MatchSeat.match_id)
        .where(MatchSeat.player_id == player_id, Match.status == MatchStatus.ACTIVE)
        .limit(1)
    )
    return playing is not None or await open_tables_of(session, player_id, idle_cutoff) > 0

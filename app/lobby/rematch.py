"""A rematch: a new table with the same game, options and seats; one per finished match."""

from __future__ import annotations

import secrets

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.bot_accounts import bot_ids_of
from app.accounts.service import Identity, names_of
from app.accounts.tokens import new_id
from app.bots.strategies import TABLE_BOTS
from app.core.errors import ApiError
from app.core.statuses import LobbyStatus, MatchStatus
from app.lobby import activity
from app.lobby.context import LobbyContext
from app.lobby.models import Lobby, LobbySeat
from app.lobby.schemas import LobbyPublic
from app.lobby.service import public
from app.matches.loaded import LoadedMatch
from app.matches.models import Match
from app.realtime.messages import LobbyChanged, lobby_topic
from app.tutorials.scripts import FALLBACK_BOT, TUTORIAL_BOT


async def rematch_lobby(
    context: LobbyContext, session: AsyncSession, loaded: LoadedMatch, player: Identity
) -> LobbyPublic:
    if loaded.seat_of(player.id) is None:
        raise ApiError("action/not_seated", "Only the players of this match can ask for a rematch.")
    if loaded.status == MatchStatus.ACTIVE:
        raise ApiError("match/not_finished", "The match is still being played.")
    # Whoever asks first creates the table; everyone after lands in the same one.
    lobby = await _open_rematch(session, loaded.id) or await _create_once(
        context, session, loaded, player
    )
    ids = {s.player_id for s in lobby.seats if s.player_id}
    return public(lobby, await names_of(session, ids), player, bots=await bot_ids_of(session, ids))


async def _open_rematch(session: AsyncSession, match_id: str) -> Lobby | None:
    return await session.scalar(
        select(Lobby).where(Lobby.rematch_of == match_id, Lobby.status == LobbyStatus.OPEN)
    )


async def _create_once(
    context: LobbyContext, session: AsyncSession, loaded: LoadedMatch, player: Identity
) -> Lobby:
    """Players pressing at the same moment all miss the open table and try to create one: the
    unique index lets one insert win, and the others join the winner's table."""
    # A new table counts against its host's open tables like any other (joining the table the
    # first presser opened does not: every player of the match already sits there).
    await activity.check_room(session, player.id, context.settings, context.clock.now())
    lobby = _new_lobby(loaded, player, await _was_rated(session, loaded.id))
    session.add(lobby)
    try:
        await session.commit()
    except IntegrityError:
        await session.rollback()
        winner = await _open_rematch(session, loaded.id)
        if winner is None:  # not the race: some other constraint failed, a bug to report
            raise
        return winner
    await context.broker.publish(lobby_topic(lobby.id), LobbyChanged().encode())
    return lobby


async def _was_rated(session: AsyncSession, match_id: str) -> bool:
    """A rematch of a rated match is rated too."""
    query = select(Lobby.rated).join(Match, Match.lobby_id == Lobby.id).where(Match.id == match_id)
    return bool(await session.scalar(query))


def _new_lobby(loaded: LoadedMatch, host: Identity, rated: bool) -> Lobby:
    return Lobby(
        id=new_id(),
        game=loaded.game,
        options=loaded.options,
        private=loaded.private,
        rated=rated,
        status=LobbyStatus.OPEN,
        host_id=host.id,
        invite_code=secrets.token_urlsafe(9),
        rematch_of=loaded.id,
        turn_seconds=loaded.turn_seconds,
        move_seconds=loaded.move_seconds,
        bank_seconds=loaded.bank_seconds,
        seats=[
            LobbySeat(
                seat=info.seat, player_id=info.player_id, bot=_again(info.bot), ready=bool(info.bot)
            )
            for info in loaded.seats
        ],
    )


def _again(bot: str | None) -> str | None:
    """A rematch of a guided match or a special table is a real one: a scripted bot gives way
    to the standard, a daily or practice bot to the strategy it played."""
    if bot == TUTORIAL_BOT:
        return FALLBACK_BOT
    return TABLE_BOTS.get(bot, bot) if bot is not None else None

"""A rematch: a new table with the same game, options and seats; one per finished match."""

from __future__ import annotations

import secrets

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity, names_of
from app.accounts.tokens import new_id
from app.context import AppContext
from app.errors import ApiError
from app.lobby.models import Lobby, LobbySeat
from app.lobby.schemas import LobbyPublic
from app.lobby.service import public
from app.matches.loaded import LoadedMatch


async def rematch_lobby(
    context: AppContext, session: AsyncSession, loaded: LoadedMatch, player: Identity
) -> LobbyPublic:
    if loaded.seat_of(player.id) is None:
        raise ApiError("action/not_seated", "Only the players of this match can ask for a rematch.")
    if loaded.status == "active":
        raise ApiError("match/not_finished", "The match is still being played.")
    # Whoever asks first creates the table; everyone after lands in the same one.
    lobby = await session.scalar(
        select(Lobby).where(Lobby.rematch_of == loaded.id, Lobby.status == "open")
    )
    if lobby is None:
        lobby = _new_lobby(loaded, player)
        session.add(lobby)
        await session.commit()
        await context.broker.publish("lobby:" + lobby.id, "changed")
    ids = {s.player_id for s in lobby.seats if s.player_id}
    return public(lobby, await names_of(session, ids), player)


def _new_lobby(loaded: LoadedMatch, host: Identity) -> Lobby:
    return Lobby(
        id=new_id(),
        game=loaded.game,
        options=loaded.options,
        private=loaded.private,
        status="open",
        host_id=host.id,
        invite_code=secrets.token_urlsafe(9),
        rematch_of=loaded.id,
        turn_seconds=loaded.turn_seconds,
        seats=[
            LobbySeat(seat=info.seat, player_id=info.player_id, bot=info.bot, ready=bool(info.bot))
            for info in loaded.seats
        ],
    )

"""Lobby rules: who may sit where, what the host may change, when a table may start."""

from __future__ import annotations

import enum
import secrets
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Any, Protocol

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity
from app.accounts.tokens import new_id
from app.bots.strategies import bot_names
from app.core.errors import ApiError
from app.core.names import bot_name
from app.core.statuses import LobbyStatus
from app.games import get_engine
from app.games.protocol import BadOptions, Engine
from app.lobby.models import Lobby, LobbySeat
from app.lobby.schemas import (
    LobbyPublic,
    PlayerRefPublic,
    SeatPublic,
    SlowClock,
    SlowClockPublic,
)

NOT_FOUND = "There is no table with this id."


def engine_for(game: str) -> Engine[Any]:
    engine = get_engine(game)
    if engine is None:
        raise ApiError("lobby/bad_options", f"Unknown game: {game}.")
    return engine


def checked_options(engine: Engine[Any], options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    if seats not in engine.seats:
        low, high = engine.seats.start, engine.seats.stop - 1
        raise ApiError("lobby/bad_options", f"{engine.title} is for {low} to {high} players.")
    try:
        return engine.check_options(options, seats)
    except BadOptions as refusal:
        raise ApiError("lobby/bad_options", refusal.message) from refusal


async def get_lobby(session: AsyncSession, lobby_id: str, for_update: bool = False) -> Lobby:
    query = select(Lobby).where(Lobby.id == lobby_id)
    if for_update:
        query = query.with_for_update()
    lobby = await session.scalar(query)
    if lobby is None:
        raise ApiError("lobby/not_found", NOT_FOUND)
    return lobby


async def create_lobby(
    session: AsyncSession,
    host: Identity,
    game: str,
    seats: int | None,
    options: Mapping[str, Any],
    private: bool,
    turn_seconds: int | None = None,
    rated: bool = False,
    slow_clock: SlowClock | None = None,
) -> Lobby:
    engine = engine_for(game)
    refuse_two_clocks(turn_seconds, slow_clock)
    count = seats if seats is not None else engine.seats.start
    lobby = Lobby(
        id=new_id(),
        game=game,
        options=checked_options(engine, options, count),
        private=private,
        rated=rated,
        status=LobbyStatus.OPEN,
        host_id=host.id,
        invite_code=new_invite_code(),
        turn_seconds=turn_seconds,
        move_seconds=slow_clock.move_seconds if slow_clock else None,
        bank_seconds=slow_clock.bank_seconds if slow_clock else None,
        seats=[LobbySeat(seat=i, ready=False) for i in range(count)],
    )
    _sit(lobby.seats[0], host.id)
    session.add(lobby)
    await session.flush()
    return lobby


def _sit(seat: LobbySeat, player_id: str) -> None:
    seat.player_id, seat.bot, seat.ready = player_id, None, False


def seat_of(lobby: Lobby, player_id: str) -> LobbySeat | None:
    return next((s for s in lobby.seats if s.player_id == player_id), None)


def require_open(lobby: Lobby) -> None:
    if lobby.status != LobbyStatus.OPEN:
        raise ApiError("lobby/closed", "This table is no longer open.")


def require_host(lobby: Lobby, player: Identity) -> None:
    if lobby.host_id != player.id:
        raise ApiError("lobby/not_host", "Only the host of this table may do this.")


def join(lobby: Lobby, player: Identity, seat: int | None, invite_code: str | None) -> None:
    if seat_of(lobby, player.id) is not None:
        return  # already at the table: joining again changes nothing
    require_open(lobby)
    if lobby.private and not invite_matches(lobby, invite_code):
        raise ApiError("auth/forbidden", "This table is private: you need its invite link.")
    _sit(_free_seat(lobby, seat), player.id)


def invite_matches(lobby: Lobby, invite_code: str | None) -> bool:
    # Bytes, not str: compare_digest refuses non-ASCII text, and any text may arrive here.
    given = (invite_code or "").encode()
    return secrets.compare_digest(given, lobby.invite_code.encode())


def _free_seat(lobby: Lobby, wanted: int | None) -> LobbySeat:
    if wanted is not None:
        target = _seat_at(lobby, wanted)
        if target.player_id is not None or target.bot is not None:
            raise ApiError("lobby/full", f"Seat {wanted} is taken.")
        return target
    for candidate in lobby.seats:
        if candidate.player_id is None and candidate.bot is None:
            return candidate
    raise ApiError("lobby/full", "Every seat at this table is taken.")


def _seat_at(lobby: Lobby, seat: int) -> LobbySeat:
    if not 0 <= seat < len(lobby.seats):
        raise ApiError("lobby/bad_options", f"This table has no seat {seat}.")
    return lobby.seats[seat]


def leave(lobby: Lobby, player: Identity) -> None:
    if seat_of(lobby, player.id) is None:
        return
    require_open(lobby)
    remove_player(lobby, player.id)


def kick(lobby: Lobby, player_id: str) -> bool:
    """An admin removes a player: like leaving, and the invite link they had stops working."""
    removed = remove_player(lobby, player_id)
    if removed:
        rotate_invite_code(lobby)
    return removed


def remove_player(lobby: Lobby, player_id: str) -> bool:
    """Free every seat of that player; False if they had none."""
    seats = [s for s in lobby.seats if s.player_id == player_id]
    for seat in seats:
        seat.player_id, seat.ready = None, False
    if seats and lobby.host_id == player_id:
        _pass_host_on(lobby)
    return bool(seats)


def _pass_host_on(lobby: Lobby) -> None:
    """The next human becomes host; a table with no human left is closed."""
    humans = [s for s in lobby.seats if s.player_id is not None]
    if humans:
        lobby.host_id = humans[0].player_id or lobby.host_id
    else:
        lobby.status = LobbyStatus.CLOSED


def set_ready(lobby: Lobby, player: Identity, ready: bool) -> None:
    require_open(lobby)
    mine = seat_of(lobby, player.id)
    if mine is None:
        raise ApiError("auth/forbidden", "Join the table before you say you are ready.")
    mine.ready = ready


CLOCK_CONFLICT = "A table has a turn timer or a slow clock, not both: choose one."


def refuse_two_clocks(turn_seconds: int | None, slow_clock: SlowClock | None) -> None:
    """A new table (a lobby's, a challenge's) has a turn timer or a slow clock, not both."""
    if turn_seconds is not None and slow_clock is not None:
        raise ApiError("lobby/clock_conflict", CLOCK_CONFLICT)


class Unchanged(enum.Enum):
    """A PATCH that does not name the slow clock (an explicit null removes it)."""

    UNCHANGED = "unchanged"


UNCHANGED = Unchanged.UNCHANGED
SlowClockChange = SlowClock | None | Unchanged


def patch(
    lobby: Lobby,
    options: Mapping[str, Any] | None,
    seats: int | None,
    private: bool | None,
    turn_seconds: int | None = None,
    rated: bool | None = None,
    slow_clock: SlowClockChange = UNCHANGED,
) -> None:
    require_open(lobby)
    if turn_seconds and slow_clock is not UNCHANGED and slow_clock is not None:
        raise ApiError("lobby/clock_conflict", CLOCK_CONFLICT)
    engine = engine_for(lobby.game)
    count = seats if seats is not None else len(lobby.seats)
    merged = {**lobby.options, **options} if options is not None else lobby.options
    new_options = checked_options(engine, merged, count)
    if count < len(lobby.seats):
        taken = [s.seat for s in lobby.seats[count:] if s.player_id or s.bot]
        if taken:
            raise ApiError("lobby/bad_options", f"Seat {taken[0]} is taken: empty it first.")
        del lobby.seats[count:]
    lobby.seats.extend(LobbySeat(seat=i, ready=False) for i in range(len(lobby.seats), count))
    if new_options != lobby.options:
        # Everyone agreed to other rules: they confirm again.
        for seat in lobby.seats:
            seat.ready = False
    lobby.options = new_options
    if private is not None:
        lobby.private = private
    if turn_seconds is not None:
        lobby.turn_seconds = turn_seconds or None
    if lobby.turn_seconds is not None:
        _set_slow_clock(lobby, None)  # a timed table is not a slow one
    if slow_clock is not UNCHANGED:
        _set_slow_clock(lobby, slow_clock)
    if rated is not None:
        set_rated(lobby, rated)


def _set_slow_clock(lobby: Lobby, slow_clock: SlowClock | None) -> None:
    lobby.move_seconds = slow_clock.move_seconds if slow_clock else None
    lobby.bank_seconds = slow_clock.bank_seconds if slow_clock else None
    if slow_clock is not None:
        lobby.turn_seconds = None  # a slow table has no turn timer besides


class SlowClocked(Protocol):
    """A table's slow clock as stored (a lobby's, a challenge's): both None when not slow."""

    move_seconds: int | None
    bank_seconds: int | None


def slow_clock_public(table: SlowClocked) -> SlowClockPublic | None:
    if table.move_seconds is None:
        return None
    return SlowClockPublic(move_seconds=table.move_seconds, bank_seconds=table.bank_seconds or 0)


RATED_NO_BOTS = "Rated tables are for people only: a bot's result would move nobody's rating."


def set_rated(lobby: Lobby, rated: bool) -> None:
    if rated and any(s.bot for s in lobby.seats):
        raise ApiError("lobby/rated_no_bots", RATED_NO_BOTS + " Empty the bot seats first.")
    lobby.rated = rated


def require_known_bot(game: str, bot: str) -> None:
    if bot not in bot_names(game):
        names = ", ".join(bot_names(game))
        raise ApiError("lobby/bad_options", f"Unknown bot '{bot}'. Choose one of: {names}.")


def put_bot(lobby: Lobby, seat: int, bot: str) -> None:
    require_open(lobby)
    _check_bot(lobby, bot)
    target = _seat_at(lobby, seat)
    if target.player_id is not None:
        raise ApiError("lobby/full", f"Seat {seat} is taken by a player: empty it first.")
    target.bot, target.ready = bot, True


def fill_with_bots(lobby: Lobby, bot: str) -> None:
    """A bot of strategy `bot` in every empty seat; seats already taken stay as they are.

    One change under one lock, so a player sitting down meanwhile keeps their seat and the
    table is pushed once, not once per seat.
    """
    require_open(lobby)
    _check_bot(lobby, bot)
    for seat in lobby.seats:
        if seat.player_id is None and seat.bot is None:
            seat.bot, seat.ready = bot, True


def _check_bot(lobby: Lobby, bot: str) -> None:
    """A bot may sit here: the table is not rated, and the strategy is one the game has."""
    if lobby.rated:
        raise ApiError("lobby/rated_no_bots", RATED_NO_BOTS)
    require_known_bot(lobby.game, bot)


def empty_seat(lobby: Lobby, seat: int) -> None:
    require_open(lobby)
    target = _seat_at(lobby, seat)
    if target.player_id == lobby.host_id:
        raise ApiError("lobby/bad_options", "The host cannot be removed; leave the table instead.")
    if target.player_id is not None:
        rotate_invite_code(lobby)  # a kicked player's link must not bring them back
    target.player_id, target.bot, target.ready = None, None, False


def new_invite_code() -> str:
    return secrets.token_urlsafe(9)


def new_invite(lobby: Lobby) -> None:
    require_open(lobby)
    rotate_invite_code(lobby)


def rotate_invite_code(lobby: Lobby) -> None:
    """Old invite links stop working; the members see the new code in their next push."""
    lobby.invite_code = new_invite_code()


def check_startable(lobby: Lobby) -> None:
    require_open(lobby)
    empty = [s.seat for s in lobby.seats if s.player_id is None and s.bot is None]
    if empty:
        raise ApiError("lobby/not_ready", f"Seat {empty[0]} is empty: invite someone or add a bot.")
    waiting = [
        s.seat
        for s in lobby.seats
        if s.player_id is not None and s.player_id != lobby.host_id and not s.ready
    ]
    if waiting:
        raise ApiError("lobby/not_ready", f"The player in seat {waiting[0]} is not ready yet.")
    # A table seated before an upgrade that dropped a bot (or a rematch of such a match).
    for s in lobby.seats:
        if s.bot is not None:
            require_known_bot(lobby.game, s.bot)


def public(
    lobby: Lobby,
    names: Mapping[str, str],
    viewer: Identity | None,
    status: str | None = None,
    bots: AbstractSet[str] = frozenset(),
) -> LobbyPublic:
    """The table as `viewer` may see it; `status` overrides the stored one (an idle table);
    `bots`: which of the seated players are bot accounts."""
    member = viewer is not None and (
        seat_of(lobby, viewer.id) is not None or viewer.id == lobby.host_id
    )
    return LobbyPublic(
        id=lobby.id,
        game=lobby.game,
        options=lobby.options,
        private=lobby.private,
        rated=lobby.rated,
        status=status or lobby.status,
        host_id=lobby.host_id,
        seats=[
            SeatPublic(
                seat=s.seat,
                player=PlayerRefPublic(
                    id=s.player_id, name=names.get(s.player_id, "?"), is_bot=s.player_id in bots
                )
                if s.player_id
                else None,
                bot=s.bot,
                ready=s.ready or s.player_id == lobby.host_id,
                name=_seat_name(s, names),
            )
            for s in lobby.seats
        ],
        match_id=lobby.match_id,
        invite_code=lobby.invite_code if member else None,
        turn_seconds=lobby.turn_seconds,
        slow_clock=slow_clock_public(lobby),
        created_at=lobby.created_at,
    )


def _seat_name(seat: LobbySeat, names: Mapping[str, str]) -> str | None:
    if seat.player_id:
        return names.get(seat.player_id, "?")
    return bot_name(seat.bot, seat.seat) if seat.bot else None

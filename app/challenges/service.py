"""Challenge rules: who may challenge whom to what, and what each answer does.

A challenge is between two accounts (a guest cannot be found by name) for a two-player match:
the lobby path starts matches from a table's seats, and a challenge fills exactly two of them,
so games for three or more are played from a table (POST /api/v1/lobbies) as before.
Accepting builds that table already seated and starts its match with the lobby's own match
creation (app/lobby/create.py), so a challenge's match is like any other: rated through its
table, timed (a turn timer or a slow clock, checked as a lobby's), replayed, rematched.

An open challenge lasts EXPIRES_AFTER; past it, it reads as expired (on the app's clock) and is
stored so at the next answer: no timer, nothing to recover after a restart.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.bot_accounts import bot_ids_of
from app.accounts.credentials import username_key
from app.accounts.identity import Identity
from app.accounts.models import Account
from app.accounts.service import names_of
from app.accounts.tokens import new_id
from app.challenges.models import Challenge, ChallengeStatus
from app.challenges.schemas import ChallengeCreate, ChallengePublic
from app.core.errors import ApiError
from app.core.statuses import LobbyStatus
from app.lobby.create import create_match
from app.lobby.models import Lobby, LobbySeat
from app.lobby.rated_pool import refuse_mixed_table
from app.lobby.schemas import PlayerRefPublic
from app.lobby.service import (
    checked_options,
    engine_for,
    new_invite_code,
    refuse_two_clocks,
    slow_clock_public,
)
from app.matches.models import Match
from app.ratings.kinds import is_cooperative

EXPIRES_AFTER = timedelta(hours=24)
OPEN_MAX = 20  # open challenges one account may have sent at once
PLAYERS = 2
NOT_FOUND = "There is no challenge with this id for you."


def status_of(challenge: Challenge, now: datetime) -> str:
    """The status as it reads now: an open challenge past its time is expired."""
    if challenge.status == ChallengeStatus.OPEN and challenge.expires_at <= now:
        return ChallengeStatus.EXPIRED
    return challenge.status


async def recipient_of(session: AsyncSession, username: str, challenger: Identity) -> str:
    player_id = await session.scalar(
        select(Account.player_id).where(Account.username_key == username_key(username))
    )
    if player_id is None:
        raise ApiError("player/not_found", f"No account is called {username}.")
    if player_id == challenger.id:
        raise ApiError("challenge/self", "You cannot challenge yourself.")
    return player_id


async def create(
    session: AsyncSession, challenger: Identity, body: ChallengeCreate, now: datetime
) -> Challenge:
    recipient = await recipient_of(session, body.to, challenger)
    engine = engine_for(body.game)
    options = checked_options(engine, body.options, PLAYERS)
    refuse_two_clocks(body.turn_seconds, body.slow_clock)
    if body.rated and is_cooperative(body.game):
        raise ApiError(
            "challenge/not_ratable",
            f"{engine.title} is played together: it keeps team records, not ratings. "
            "Challenge unrated.",
        )
    if body.rated:  # people and bot accounts are rated in pools of their own
        await _refuse_mixed_pair(session, challenger.id, recipient)
    await _check_room(session, challenger.id, now)
    challenge = Challenge(
        id=new_id(),
        challenger_id=challenger.id,
        recipient_id=recipient,
        game=body.game,
        options=options,
        rated=body.rated,
        seat=body.seat,
        turn_seconds=body.turn_seconds,
        move_seconds=body.slow_clock.move_seconds if body.slow_clock else None,
        bank_seconds=body.slow_clock.bank_seconds if body.slow_clock else None,
        status=ChallengeStatus.OPEN,
        created_at=now,
        expires_at=now + EXPIRES_AFTER,
    )
    session.add(challenge)
    return challenge


async def _check_room(session: AsyncSession, player_id: str, now: datetime) -> None:
    open_ones = (
        await session.scalars(
            select(Challenge.id).where(
                Challenge.challenger_id == player_id,
                Challenge.status == ChallengeStatus.OPEN,
                Challenge.expires_at > now,
            )
        )
    ).all()
    if len(open_ones) >= OPEN_MAX:
        raise ApiError(
            "challenge/too_many",
            f"You already have {OPEN_MAX} open challenges: cancel one or wait for answers.",
        )


async def find(
    session: AsyncSession, challenge_id: str, player: Identity, for_update: bool = False
) -> Challenge:
    """A challenge the player sent or received (any other reads as not found)."""
    query = select(Challenge).where(Challenge.id == challenge_id)
    if for_update:
        query = query.with_for_update()
    challenge = await session.scalar(query)
    if challenge is None or player.id not in (challenge.challenger_id, challenge.recipient_id):
        raise ApiError("challenge/not_found", NOT_FOUND)
    return challenge


def _require_open(challenge: Challenge, now: datetime) -> None:
    status = status_of(challenge, now)
    if status == ChallengeStatus.EXPIRED:
        challenge.status = ChallengeStatus.EXPIRED
        raise ApiError("challenge/expired", "This challenge expired: send a new one.")
    if status != ChallengeStatus.OPEN:
        raise ApiError("challenge/closed", f"This challenge was already {status}.")


def _require(challenge: Challenge, player_id: str, role: str) -> None:
    if player_id != getattr(challenge, role):
        doer = "challenged player" if role == "recipient_id" else "challenger"
        raise ApiError("challenge/not_yours", f"Only the {doer} may do this.")


async def accept(
    session: AsyncSession, challenge: Challenge, player: Identity, now: datetime
) -> Match:
    """The match the accepted challenge starts, added to the session (committed by the caller)."""
    _require(challenge, player.id, "recipient_id")
    _require_open(challenge, now)
    lobby = _seated_table(challenge)
    if lobby.rated:  # one of them may have become a bot account since the challenge
        await refuse_mixed_table(session, lobby)
    session.add(lobby)
    names = await names_of(session, {challenge.challenger_id, challenge.recipient_id})
    match = await create_match(session, lobby, names, now)
    lobby.match_id = match.id
    challenge.status, challenge.match_id = ChallengeStatus.ACCEPTED, match.id
    return match


async def _refuse_mixed_pair(session: AsyncSession, challenger_id: str, recipient_id: str) -> None:
    bots = await bot_ids_of(session, [challenger_id, recipient_id])
    if len(bots) == 1:
        raise ApiError(
            "lobby/rated_mixed",
            "A person and a bot account are rated in pools of their own: challenge unrated.",
        )


def _seated_table(challenge: Challenge) -> Lobby:
    """The table the lobby would have started: both players seated and ready."""
    first = challenge.seat if challenge.seat is not None else secrets.randbelow(PLAYERS)
    order = [challenge.challenger_id, challenge.recipient_id]
    if first == 1:
        order.reverse()
    return Lobby(
        id=new_id(),
        game=challenge.game,
        options=challenge.options,
        private=False,
        rated=challenge.rated,
        status=LobbyStatus.STARTED,
        host_id=challenge.challenger_id,
        invite_code=new_invite_code(),
        turn_seconds=challenge.turn_seconds,
        move_seconds=challenge.move_seconds,
        bank_seconds=challenge.bank_seconds,
        seats=[LobbySeat(seat=i, player_id=pid, ready=True) for i, pid in enumerate(order)],
    )


def decline(challenge: Challenge, player: Identity, reason: str | None, now: datetime) -> None:
    _require(challenge, player.id, "recipient_id")
    _require_open(challenge, now)
    challenge.status, challenge.decline_reason = ChallengeStatus.DECLINED, reason


def cancel(challenge: Challenge, player: Identity, now: datetime) -> None:
    _require(challenge, player.id, "challenger_id")
    _require_open(challenge, now)
    challenge.status = ChallengeStatus.CANCELED


async def open_for(session: AsyncSession, player_id: str, now: datetime) -> list[Challenge]:
    """The player's open challenges, sent and received, newest first."""
    query = (
        select(Challenge)
        .where(
            or_(Challenge.challenger_id == player_id, Challenge.recipient_id == player_id),
            Challenge.status == ChallengeStatus.OPEN,
            Challenge.expires_at > now,
        )
        .order_by(Challenge.created_at.desc())
    )
    return list((await session.scalars(query)).all())


def public(
    challenge: Challenge, names: Mapping[str, str], viewer_id: str, now: datetime
) -> ChallengePublic:
    def ref(player_id: str) -> PlayerRefPublic:
        return PlayerRefPublic(id=player_id, name=names.get(player_id, "?"))

    return ChallengePublic(
        id=challenge.id,
        challenger=ref(challenge.challenger_id),
        recipient=ref(challenge.recipient_id),
        game=challenge.game,
        options=challenge.options,
        rated=challenge.rated,
        seat=challenge.seat,
        turn_seconds=challenge.turn_seconds,
        slow_clock=slow_clock_public(challenge),
        status=status_of(challenge, now),
        decline_reason=challenge.decline_reason,
        match_id=challenge.match_id,
        created_at=challenge.created_at,
        expires_at=challenge.expires_at,
        direction="in" if viewer_id == challenge.recipient_id else "out",
    )

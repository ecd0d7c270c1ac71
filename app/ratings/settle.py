"""Counting a finished rated match, exactly once: ratings (or Duet's team record) and history.

The move that ends a match is committed by the move pipeline first; settling follows at once
in its own transaction, which also inserts the match's `SettledMatch` row. That row's primary
key makes settling idempotent: a retried request, a second process, or the recovery pass
(for a process that crashed between the two commits) finds it and changes nothing.

A Duet at a private table keeps no team record: a record names the pair, and private matches
are unlisted.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.db import utcnow
from app.core.statuses import MatchStatus
from app.lobby.models import Lobby
from app.matches.commits import Commit
from app.matches.models import Match, MatchSeat
from app.ratings import kinds
from app.ratings.context import RatingsContext
from app.ratings.models import PlayerRating, RatingChange, SettledMatch, TeamRecord
from app.ratings.standing import Skill, new_skill, places, rated

if TYPE_CHECKING:
    from app.matches.loaded import LoadedMatch

log = logging.getLogger(__name__)
ATTEMPTS = 3  # two first-ever ratings of one player created at once: one insert loses, retry


@dataclass(frozen=True)
class Finished:
    """What settling needs of a finished match at a rated table."""

    match_id: str
    game: str
    options: dict[str, Any]
    outcome: dict[str, Any]
    players: list[str]  # by seat
    private: bool  # at a private table: unlisted, so it keeps no pair record


async def settle_finished(context: RatingsContext, loaded: LoadedMatch) -> None:
    """Acts on a finished match only. A failure is logged, never raised: the move is
    committed, and the recovery pass (app/bots/recovery.py) counts it at its next look."""
    if loaded.status != MatchStatus.FINISHED:
        return
    try:
        await settle(context, loaded.id)
    except Exception:
        log.exception("settling match %s failed; the recovery pass retries", loaded.id)


def settler(context: RatingsContext) -> Callable[[Commit], Awaitable[None]]:
    """The commit hook's listener for commits that finish a match (app/server/commit_listeners.py):
    a rated one is settled before the sockets hear of the final version (the end screen asks
    for the rating changes as soon as it gets it)."""

    async def settle_commit(commit: Commit) -> None:
        await settle_finished(context, commit.match)

    return settle_commit


async def settle(context: RatingsContext, match_id: str) -> bool:
    """Count the match if it is a finished rated one not counted yet; True if this call did."""
    for attempt in range(ATTEMPTS):
        try:
            return await _settle_once(context, match_id)
        except IntegrityError:
            if attempt == ATTEMPTS - 1:
                raise
    return False


async def settle_pending(context: RatingsContext) -> int:
    """Every finished rated match nobody counted (a crash after the final move): counted now."""
    async with context.db.sessions() as session:
        pending = (
            await session.scalars(
                select(Match.id)
                .join(Lobby, Lobby.id == Match.lobby_id)
                .outerjoin(SettledMatch, SettledMatch.match_id == Match.id)
                .where(Lobby.rated.is_(True), Match.status == MatchStatus.FINISHED)
                .where(SettledMatch.match_id.is_(None))
            )
        ).all()
    return sum([await settle(context, match_id) for match_id in pending])


async def _settle_once(context: RatingsContext, match_id: str) -> bool:
    async with (
        context.locks.sqlite_writer(context.db.sqlite),
        context.db.sessions() as session,
        session.begin(),
    ):
        finished = await _finished_rated(session, match_id)
        if finished is None or await session.get(SettledMatch, match_id) is not None:
            return False
        cooperative = kinds.is_cooperative(finished.game)
        session.add(
            SettledMatch(
                match_id=match_id, game=finished.game, kind="record" if cooperative else "rating"
            )
        )
        await session.flush()  # a concurrent settler's row makes this fail: counted once
        if not cooperative:
            await _rate(session, finished, not context.db.sqlite)
        elif not finished.private:  # a record names the pair, and private matches are unlisted
            await _count_team(session, finished)
    return True


async def _finished_rated(session: AsyncSession, match_id: str) -> Finished | None:
    row = (
        await session.execute(
            select(Match.game, Match.options, Match.outcome, Match.status, Match.private)
            .add_columns(Lobby.rated)
            .join(Lobby, Lobby.id == Match.lobby_id)
            .where(Match.id == match_id)
        )
    ).first()
    if row is None or not row.rated or row.status != MatchStatus.FINISHED or row.outcome is None:
        return None
    players = (
        await session.scalars(
            select(MatchSeat.player_id)
            .where(MatchSeat.match_id == match_id)
            .order_by(MatchSeat.seat)
        )
    ).all()
    if any(player is None for player in players) or len(set(players)) != len(players):
        return None  # a bot seat (never at a rated table) or one player in two seats
    seated = [str(p) for p in players]
    return Finished(match_id, row.game, row.options, row.outcome, seated, row.private)


async def _rate(session: AsyncSession, finished: Finished, lock_rows: bool) -> None:
    """One openskill update over every seat, and a history row per player."""
    current = await _ratings(session, finished.game, finished.players, lock_rows)
    before = [
        Skill(row.mu, row.sigma) if (row := current.get(p)) else new_skill()
        for p in finished.players
    ]
    finish = places(finished.outcome)
    after = rated(before, finish)
    now = utcnow()
    for seat, player_id in enumerate(finished.players):
        won = seat in finished.outcome["winners"]
        row = current.get(player_id) or _new_rating(session, player_id, finished.game)
        row.mu, row.sigma, row.ordinal = after[seat].mu, after[seat].sigma, after[seat].ordinal
        row.matches, row.wins, row.updated_at = row.matches + 1, row.wins + won, now
        session.add(_change(finished, seat, player_id, finish[seat], won, before, after))


def _new_rating(session: AsyncSession, player_id: str, game: str) -> PlayerRating:
    start = new_skill()
    row = PlayerRating(
        player_id=player_id,
        game=game,
        mu=start.mu,
        sigma=start.sigma,
        ordinal=start.ordinal,
        matches=0,
        wins=0,
    )
    session.add(row)
    return row


def _change(
    finished: Finished,
    seat: int,
    player_id: str,
    place: int,
    won: bool,
    before: list[Skill],
    after: list[Skill],
) -> RatingChange:
    return RatingChange(
        match_id=finished.match_id,
        player_id=player_id,
        game=finished.game,
        seat=seat,
        rank=place,
        won=won,
        mu_before=before[seat].mu,
        sigma_before=before[seat].sigma,
        ordinal_before=before[seat].ordinal,
        mu_after=after[seat].mu,
        sigma_after=after[seat].sigma,
        ordinal_after=after[seat].ordinal,
        at=utcnow(),
    )


async def _ratings(
    session: AsyncSession, game: str, players: list[str], lock_rows: bool
) -> dict[str, PlayerRating]:
    """The players' current ratings, locked on Postgres so two matches finishing at once for
    the same player do not both start from the same rating (SQLite: the writer lock)."""
    query = select(PlayerRating).where(
        PlayerRating.game == game, PlayerRating.player_id.in_(players)
    )
    if lock_rows:
        query = query.with_for_update()
    return {row.player_id: row for row in (await session.scalars(query)).all()}


async def _count_team(session: AsyncSession, finished: Finished) -> None:
    """Duet: the pair's record at this level gains a win or a loss."""
    first, second = sorted(finished.players)
    level = kinds.level_of(finished.game, finished.options)
    key = {"game": finished.game, "first_id": first, "second_id": second, "level": level}
    record = await session.get(TeamRecord, key, with_for_update=True)
    if record is None:
        record = TeamRecord(**key, wins=0, losses=0)
        session.add(record)
    won = bool(finished.outcome["winners"])
    record.wins, record.losses = record.wins + won, record.losses + (not won)
    record.updated_at = utcnow()

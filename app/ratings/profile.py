"""A player's public profile: each game's rating and win rate, recent matches, the history.

Matches at private tables are left out of the lists (a stranger may not even know of them);
they still count in the ratings and win rates, which name no match.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.bot_accounts import bot_ids_of, is_bot_account
from app.accounts.models import Player
from app.accounts.service import names_of
from app.core.errors import ApiError
from app.core.statuses import MatchStatus
from app.games import REGISTRY
from app.lobby.models import Lobby
from app.lobby.schemas import PlayerRefPublic
from app.matches.models import Match, MatchSeat
from app.ratings import kinds
from app.ratings.display import display_change, display_rating
from app.ratings.models import PlayerRating, RatingChange, TeamRecord
from app.ratings.opponents import opponents_of
from app.ratings.pools import pool_of
from app.ratings.schemas import (
    GameStandingPublic,
    LevelRecordPublic,
    ProfilePublic,
    RatingPointPublic,
    RecentMatchPublic,
    TeamRecordPublic,
)

RECENT = 20
HISTORY = 500  # the newest points of the chart
WIN_RATE_WINDOW = 1000  # finished matches counted for the win rates


async def profile(session: AsyncSession, player_id: str) -> ProfilePublic:
    player = await session.get(Player, player_id)
    if player is None:
        raise ApiError("player/not_found", "There is no player with this id.")
    ratings = {
        r.game: r
        for r in (
            await session.scalars(select(PlayerRating).where(PlayerRating.player_id == player_id))
        ).all()
    }
    played, won = await _results(session, player_id)
    is_bot = await is_bot_account(session, player_id)
    return ProfilePublic(
        id=player.id,
        name=player.name,
        is_bot=is_bot,
        pool=pool_of(is_bot),
        games=[_standing(game, ratings.get(game), played, won) for game in REGISTRY],
        recent=await _recent(session, player_id),
        history=await _history(session, player_id),
        team_records=await _team_records(session, player_id),
    )


def _standing(
    game: str, rating: PlayerRating | None, played: Counter[str], won: Counter[str]
) -> GameStandingPublic:
    return GameStandingPublic(
        game=game,
        title=REGISTRY[game].title,
        kind="record" if kinds.is_cooperative(game) else "rating",
        rating=rating.ordinal if rating else None,
        display_rating=display_rating(rating.ordinal) if rating else None,
        mu=rating.mu if rating else None,
        sigma=rating.sigma if rating else None,
        rated_matches=rating.matches if rating else 0,
        rated_wins=rating.wins if rating else 0,
        played=played[game],
        won=won[game],
        win_rate=won[game] / played[game] if played[game] else None,
    )


async def _results(session: AsyncSession, player_id: str) -> tuple[Counter[str], Counter[str]]:
    """Finished matches and wins per game (the newest WIN_RATE_WINDOW of them)."""
    rows = await session.execute(
        select(Match.game, Match.outcome, MatchSeat.seat)
        .join(MatchSeat, MatchSeat.match_id == Match.id)
        .where(MatchSeat.player_id == player_id, Match.status == MatchStatus.FINISHED)
        .order_by(Match.updated_at.desc())
        .limit(WIN_RATE_WINDOW)
    )
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for game, outcome, seat in rows:
        played[game] += 1
        won[game] += _won(outcome, seat) is True
    return played, won


def _won(outcome: dict[str, Any] | None, seat: int) -> bool | None:
    return None if outcome is None else seat in outcome.get("winners", [])


async def _recent(session: AsyncSession, player_id: str) -> list[RecentMatchPublic]:
    rows = (
        await session.execute(
            select(Match.id, Match.game, Match.status, Match.outcome, Match.updated_at)
            .add_columns(Match.created_at)
            .add_columns(MatchSeat.seat, Lobby.rated, RatingChange.ordinal_before)
            .add_columns(RatingChange.ordinal_after)
            .join(MatchSeat, MatchSeat.match_id == Match.id)
            .outerjoin(Lobby, Lobby.id == Match.lobby_id)
            .outerjoin(
                RatingChange,
                (RatingChange.match_id == Match.id) & (RatingChange.player_id == player_id),
            )
            .where(MatchSeat.player_id == player_id, Match.private.is_(False))
            .order_by(Match.updated_at.desc())
            .limit(RECENT)
        )
    ).all()
    opponents = await opponents_of(session, player_id, [row.id for row in rows])
    return [
        RecentMatchPublic(
            match_id=row.id,
            game=row.game,
            status=row.status,
            seat=row.seat,
            won=_won(row.outcome, row.seat) if row.status == MatchStatus.FINISHED else None,
            rated=bool(row.rated),
            rating_change=None
            if row.ordinal_after is None
            else row.ordinal_after - row.ordinal_before,
            display_change=None
            if row.ordinal_after is None
            else display_change(row.ordinal_before, row.ordinal_after),
            at=row.updated_at,
            started_at=row.created_at,
            opponents=opponents.get(row.id, []),
        )
        for row in rows
    ]


async def _history(session: AsyncSession, player_id: str) -> list[RatingPointPublic]:
    rows = (
        await session.execute(
            select(RatingChange, Match.private)
            .join(Match, Match.id == RatingChange.match_id)
            .where(RatingChange.player_id == player_id)
            .order_by(RatingChange.at.desc(), RatingChange.match_id)
            .limit(HISTORY)
        )
    ).all()
    points = [
        RatingPointPublic(
            game=change.game,
            match_id=None if private else change.match_id,
            at=change.at,
            before=change.ordinal_before,
            rating=change.ordinal_after,
            display_before=display_rating(change.ordinal_before),
            display_rating=display_rating(change.ordinal_after),
        )
        for change, private in rows
    ]
    return points[::-1]


async def _team_records(session: AsyncSession, player_id: str) -> list[TeamRecordPublic]:
    records = (
        await session.scalars(
            select(TeamRecord)
            .where(or_(TeamRecord.first_id == player_id, TeamRecord.second_id == player_id))
            .order_by(TeamRecord.game, TeamRecord.first_id, TeamRecord.second_id, TeamRecord.level)
        )
    ).all()
    partners = {r.second_id if r.first_id == player_id else r.first_id for r in records}
    names, bots = await names_of(session, partners), await bot_ids_of(session, partners)
    grouped: dict[tuple[str, str], list[TeamRecord]] = {}
    for record in records:
        partner = record.second_id if record.first_id == player_id else record.first_id
        grouped.setdefault((record.game, partner), []).append(record)
    return [
        TeamRecordPublic(
            game=game,
            partner=PlayerRefPublic(
                id=partner, name=names.get(partner, "?"), is_bot=partner in bots
            ),
            levels=_levels(rows),
        )
        for (game, partner), rows in grouped.items()
    ]


def _levels(rows: Sequence[TeamRecord]) -> list[LevelRecordPublic]:
    return [LevelRecordPublic(level=r.level, wins=r.wins, losses=r.losses) for r in rows]

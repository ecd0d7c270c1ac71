"""A game's leaderboard: players by rating, or, for a cooperative game, teams by record."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.bot_accounts import bot_ids_of
from app.accounts.models import Account, Player
from app.accounts.service import names_of
from app.lobby.schemas import PlayerRefPublic
from app.ratings import kinds
from app.ratings.display import display_rating
from app.ratings.models import PlayerRating, TeamRecord
from app.ratings.pools import BOTS, PEOPLE, Pool, in_pool
from app.ratings.schemas import (
    LeaderboardEntryPublic,
    LeaderboardPublic,
    LevelRecordPublic,
    TeamEntryPublic,
)


async def leaderboard(
    session: AsyncSession,
    game: str,
    min_matches: int,
    offset: int,
    limit: int,
    pool: Pool = PEOPLE,
) -> LeaderboardPublic:
    board = LeaderboardPublic(
        game=game,
        pool=pool,
        kind="record" if kinds.is_cooperative(game) else "rating",
        min_matches=min_matches,
        offset=offset,
        limit=limit,
        total=0,
        entries=[],
        teams=[],
    )
    if kinds.is_cooperative(game):
        teams = await _teams(session, game, min_matches, pool)
        board.total, board.teams = len(teams), teams[offset : offset + limit]
        for place, team in enumerate(board.teams, start=offset + 1):
            team.rank = place
        return board
    board.total, board.entries = await _players(session, game, min_matches, offset, limit, pool)
    return board


async def _players(
    session: AsyncSession, game: str, min_matches: int, offset: int, limit: int, pool: Pool
) -> tuple[int, list[LeaderboardEntryPublic]]:
    where = (PlayerRating.game == game, PlayerRating.matches >= min_matches, in_pool(pool))
    with_account = Account.player_id == PlayerRating.player_id
    total = await session.scalar(
        select(func.count())
        .select_from(PlayerRating)
        .outerjoin(Account, with_account)
        .where(*where)
    )
    rows = await session.execute(
        select(PlayerRating, Player.name)
        .join(Player, Player.id == PlayerRating.player_id)
        .outerjoin(Account, with_account)
        .where(*where)
        # Ties: more matches first (the rating is better confirmed), then a stable order.
        .order_by(PlayerRating.ordinal.desc(), PlayerRating.matches.desc(), PlayerRating.player_id)
        .offset(offset)
        .limit(limit)
    )
    entries = [
        LeaderboardEntryPublic(
            rank=place,
            player=PlayerRefPublic(id=rating.player_id, name=name, is_bot=pool == BOTS),
            rating=rating.ordinal,
            display_rating=display_rating(rating.ordinal),
            mu=rating.mu,
            sigma=rating.sigma,
            matches=rating.matches,
            wins=rating.wins,
            win_rate=rating.wins / rating.matches if rating.matches else 0.0,
        )
        for place, (rating, name) in enumerate(rows.all(), start=offset + 1)
    ]
    return int(total or 0), entries


async def _teams(
    session: AsyncSession, game: str, min_matches: int, pool: Pool
) -> list[TeamEntryPublic]:
    """Every pair's levels, best first: the highest level won, then wins, then fewer losses.
    A pair is of one kind (a rated table seats one kind): its first player tells the pool."""
    records = (
        await session.scalars(
            select(TeamRecord)
            .outerjoin(Account, Account.player_id == TeamRecord.first_id)
            .where(TeamRecord.game == game, in_pool(pool))
        )
    ).all()
    by_team: dict[tuple[str, str], list[TeamRecord]] = defaultdict(list)
    for record in records:
        by_team[(record.first_id, record.second_id)].append(record)
    ids = {pid for pair in by_team for pid in pair}
    names, bots = await names_of(session, ids), await bot_ids_of(session, ids)
    teams = [
        _team(pair, sorted(rows, key=lambda r: r.level), names, bots)
        for pair, rows in by_team.items()
        if sum(r.wins + r.losses for r in rows) >= min_matches
    ]
    teams.sort(key=lambda t: (-(t.best_level or 0), -t.wins, t.losses, [p.id for p in t.players]))
    return teams


def _team(
    pair: tuple[str, str], rows: list[TeamRecord], names: dict[str, str], bots: set[str]
) -> TeamEntryPublic:
    won = [r.level for r in rows if r.wins]
    return TeamEntryPublic(
        rank=0,
        players=[
            PlayerRefPublic(id=pid, name=names.get(pid, "?"), is_bot=pid in bots) for pid in pair
        ],
        best_level=max(won) if won else None,
        wins=sum(r.wins for r in rows),
        losses=sum(r.losses for r in rows),
        levels=[LevelRecordPublic(level=r.level, wins=r.wins, losses=r.losses) for r in rows],
    )

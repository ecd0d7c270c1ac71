"""Everyone's result of one deal, ranked as duplicate bridge ranks a board.

Every player met the same cards and the same bot, so a result is judged against the others of
the same deal: the game's `standing` orders them (app/games/daily.py: the mission or the win
first, then the margin or the team's points), and a player's percentile is the share of the
other finished players they beat, a tie counting half: 100 beat everyone, 50 is the middle.
A player who resigned ranks below every finished result. Results are read from the matches
themselves, so they are right the moment a match ends, on every process.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.statuses import MatchStatus
from app.daily.models import DailyDeal, DailyEntry
from app.games import Game
from app.games.daily import Standing
from app.games.protocol import Outcome
from app.matches.models import Match, MatchSeat

PLAYING, FINISHED, RESIGNED, ABORTED = "playing", "finished", "resigned", "aborted"
GAVE_UP: Standing = (-1.0,)  # below every finished result (those start with 0.0 or 1.0)


@dataclass(frozen=True)
class Result:
    player_id: str
    name: str
    match_id: str
    status: str
    scores: tuple[float, ...] = ()
    won: bool = False
    met: bool = False  # the mission of the day (or, without one, the win)
    standing: Standing | None = None
    rank: int | None = None
    percentile: float | None = None


async def results_of(session: AsyncSession, game: Game, deal: DailyDeal) -> list[Result]:
    """The deal's results, best first; those still playing after every finished one."""
    rows = await session.execute(
        select(DailyEntry, Match.status, Match.outcome, MatchSeat.name, MatchSeat.resigned)
        .join(Match, Match.id == DailyEntry.match_id)
        .join(
            MatchSeat,
            and_(MatchSeat.match_id == DailyEntry.match_id, MatchSeat.seat == DailyEntry.seat),
        )
        .where(DailyEntry.day == deal.day, DailyEntry.game == deal.game)
        .order_by(DailyEntry.started_at)
    )
    results = [_judged(game, deal, *row) for row in rows]
    return ranked(results)


def _judged(
    game: Game,
    deal: DailyDeal,
    entry: DailyEntry,
    status: str,
    outcome: dict[str, Any] | None,
    name: str,
    resigned: bool,
) -> Result:
    base = Result(player_id=entry.player_id, name=name, match_id=entry.match_id, status=PLAYING)
    if status == MatchStatus.ABORTED:
        return replace(base, status=ABORTED)
    if status != MatchStatus.FINISHED or outcome is None:
        return base
    scores = tuple(float(score) for score in outcome["scores"])
    if resigned:
        return replace(base, status=RESIGNED, scores=scores, standing=GAVE_UP)
    ended = Outcome(tuple(outcome["winners"]), scores, outcome["reason"], outcome["detail"])
    mission = game.daily.mission(deal.mission)
    seat = entry.seat
    return replace(
        base,
        status=FINISHED,
        scores=scores,
        won=seat in ended.winners,
        met=mission.met(ended, seat) if mission is not None else seat in ended.winners,
        standing=game.daily.standing(ended, seat, mission),
    )


def ranked(results: list[Result]) -> list[Result]:
    standings = sorted(r.standing for r in results if r.standing is not None)
    placed = [_placed(r, standings) if r.standing is not None else r for r in results]
    done = sorted((r for r in placed if r.rank is not None), key=lambda r: r.rank or 0)
    return done + [r for r in placed if r.rank is None]


def _placed(result: Result, standings: list[Standing]) -> Result:
    """Rank and percentile among `standings` (sorted, this result's own included)."""
    mine = result.standing
    assert mine is not None
    beaten = bisect_left(standings, mine)
    better = len(standings) - bisect_right(standings, mine)
    tied = len(standings) - better - beaten - 1  # the others level with this one
    others = len(standings) - 1
    share = round(100 * (beaten + 0.5 * tied) / others, 1) if others else None
    return replace(result, rank=better + 1, percentile=share)


def finished_count(results: list[Result]) -> int:
    return sum(1 for r in results if r.rank is not None)


async def finished_counts(session: AsyncSession, day: date) -> dict[str, int]:
    """How many have finished each game's deal of the day (a resignation finishes it too)."""
    rows = await session.execute(
        select(DailyEntry.game, func.count())
        .join(Match, Match.id == DailyEntry.match_id)
        .where(DailyEntry.day == day, Match.status == MatchStatus.FINISHED)
        .group_by(DailyEntry.game)
    )
    return {game: count for game, count in rows}


async def games_played(session: AsyncSession, player_id: str, day: date) -> set[str]:
    """The games whose deal of the day the player has started."""
    rows = await session.scalars(
        select(DailyEntry.game).where(DailyEntry.day == day, DailyEntry.player_id == player_id)
    )
    return set(rows)

"""The day's deals and a deal's results, as the caller may see them.

A deal's results are for those who played it: today's open to a player once their own match of
it is over (before, the others' scores would tell them what the cards allow); an earlier day's
are open to everyone. The others' match ids are never sent: their matches are private.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from app.core.errors import ApiError
from app.daily.deals import day_of, deal_if_drawn, deal_of, game_of, next_deal_at
from app.daily.models import DailyDeal
from app.daily.results import (
    PLAYING,
    Result,
    finished_count,
    finished_counts,
    games_played,
    results_of,
)
from app.daily.schemas import (
    DailyDealPublic,
    DailyMissionPublic,
    DailyResultPublic,
    DailyResultsPublic,
    DailyTodayPublic,
)
from app.games import GAMES, Game

NO_DEAL = "There was no deal of this game that day."
NOT_PLAYED = "Today's results open once you have finished today's deal yourself."


async def today_for(session: AsyncSession, player_id: str, now: datetime) -> DailyTodayPublic:
    """Every game's deal of the day. The home page asks on every visit, so a deal's results are
    ranked only for a player who played it (their rank needs everyone's); for the others, a
    count of who finished is enough."""
    day = day_of(now)
    counts = await finished_counts(session, day)
    played = await games_played(session, player_id, day)
    deals = []
    for game in GAMES.values():
        deal = await deal_of(session, game, now)
        yours = None
        if game.id in played:
            results = await results_of(session, game, deal)
            yours = next((r for r in results if r.player_id == player_id), None)
        deals.append(
            DailyDealPublic(
                **_about(game, deal),
                finished=counts.get(game.id, 0),
                yours=_public(yours, player_id) if yours is not None else None,
            )
        )
    return DailyTodayPublic(day=day, next_at=next_deal_at(day), deals=deals)


async def results_for(
    session: AsyncSession, player_id: str, game_id: str, day: date, now: datetime
) -> DailyResultsPublic:
    game = game_of(game_id)
    deal = await deal_if_drawn(session, game.id, day)
    if deal is None or day > day_of(now):
        raise ApiError("daily/not_found", NO_DEAL)
    results = await results_of(session, game, deal)
    if day == day_of(now) and not _has_finished(results, player_id):
        raise ApiError("daily/not_played", NOT_PLAYED)
    return DailyResultsPublic(
        **_about(game, deal),
        finished=finished_count(results),
        results=[_public(r, player_id) for r in results],
    )


def _has_finished(results: list[Result], player_id: str) -> bool:
    return any(r.player_id == player_id and r.status != PLAYING for r in results)


def _about(game: Game, deal: DailyDeal) -> dict[str, object]:
    mission = game.daily.mission(deal.mission)
    return {
        "game": game.id,
        "title": game.engine.title,
        "day": deal.day,
        "players": deal.players,
        "seat": game.daily.seat,
        "options": deal.options,
        "mission": DailyMissionPublic(key=mission.key, text=mission.text) if mission else None,
    }


def _public(result: Result, player_id: str) -> DailyResultPublic:
    mine = result.player_id == player_id
    return DailyResultPublic(
        player_id=result.player_id,
        name=result.name,
        status=result.status,
        scores=list(result.scores),
        won=result.won,
        mission_met=result.met,
        rank=result.rank,
        percentile=result.percentile,
        mine=mine,
        match_id=result.match_id if mine else None,
    )

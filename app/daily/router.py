"""The daily deal: today's deals, playing one, and a deal's results (docs/api.md)."""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Response
from sqlalchemy.exc import IntegrityError

from app.core.errors import responses
from app.core.inputs import GameId
from app.daily.public import results_for, today_for
from app.daily.schemas import DailyResultsPublic, DailyStarted, DailyTodayPublic
from app.daily.service import daily_match
from app.lobby import activity
from app.matches.commits import Change, Commit
from app.matches.store import load_match
from app.web.deps import ContextDep, CurrentPlayer, SessionDep

router = APIRouter(prefix="/api/v1/daily", tags=["daily"])
AUTH = ("auth/missing", "auth/invalid", "rate/limited", "request/malformed")


@router.get(
    "", response_model=DailyTodayPublic, responses=responses(*AUTH), operation_id="getDailyDeals"
)
async def today(
    player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> DailyTodayPublic:
    """Today's deal of every game, and the caller's result of each."""
    deals = await today_for(session, player.id, context.clock.now())
    await session.commit()  # the deals drawn by this request, if it was the day's first
    return deals


@router.post(
    "/{game_id}",
    status_code=201,
    response_model=DailyStarted,
    responses={
        200: {"model": DailyStarted, "description": "The caller's unfinished match of it"},
        **responses(*AUTH, "game/not_found", "daily/already_played", "lobby/too_many"),
    },
    operation_id="playDailyDeal",
)
async def play(
    game_id: GameId,
    player: CurrentPlayer,
    session: SessionDep,
    context: ContextDep,
    response: Response,
) -> DailyStarted:
    """A match of today's deal of the game against the bot; the same match again while it is
    unfinished. Once it is over the deal cannot be played again that day."""
    now = context.clock.now()
    try:
        match_id, created = await daily_match(session, player, game_id, now)
        if created:
            await activity.check_room(session, player.id, context.settings, now)
        await session.commit()
    except IntegrityError:  # the same player's other request made it first: that one is theirs
        await session.rollback()
        match_id, created = await daily_match(session, player, game_id, now)
    if not created:
        response.status_code = 200
        return DailyStarted(match_id=match_id, created=False)
    started = await load_match(context, session, match_id)
    await context.commits.announce(Commit(started, Change.START))  # wakes a bot that opens
    return DailyStarted(match_id=match_id, created=True)


@router.get(
    "/{game_id}/{day}",
    response_model=DailyResultsPublic,
    responses=responses(*AUTH, "game/not_found", "daily/not_found", "daily/not_played"),
    operation_id="getDailyResults",
)
async def results(
    game_id: GameId, day: date, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> DailyResultsPublic:
    """Everyone's result of a day's deal, ranked, with percentiles (duplicate scoring)."""
    return await results_for(session, player.id, game_id, day, context.clock.now())

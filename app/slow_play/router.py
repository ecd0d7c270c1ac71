"""/api/v1/players/me/clock and /me/vacation: when my slow clocks run, and my vacation.

Guests and accounts alike: a guest's settings go with their guest identity, and with the
account it becomes when claimed.
"""

from __future__ import annotations

from fastapi import APIRouter
from sqlalchemy.ext.asyncio import AsyncSession

from app.context import AppContext
from app.core.errors import responses
from app.slow_play import service
from app.slow_play.clock_math import Schedule
from app.slow_play.reclock import reclock
from app.slow_play.schemas import ClockSettingsPublic, ClockSettingsUpdate, VacationStart
from app.web.deps import ContextDep, CurrentPlayer, SessionDep

router = APIRouter(prefix="/api/v1/players", tags=["players"])
SIGNED_IN = ("auth/missing", "auth/invalid", "auth/expired", "rate/limited")


@router.get(
    "/me/clock",
    response_model=ClockSettingsPublic,
    responses=responses(*SIGNED_IN),
    operation_id="getMyClock",
)
async def my_clock(
    player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> ClockSettingsPublic:
    """My time zone, playing hours and vacation (with the days left this year)."""
    return await _public(session, context, player.id)


@router.put(
    "/me/clock",
    response_model=ClockSettingsPublic,
    responses=responses("request/malformed", "clock/bad_time_zone", "clock/bad_hours", *SIGNED_IN),
    operation_id="setMyClock",
)
async def set_my_clock(
    body: ClockSettingsUpdate, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> ClockSettingsPublic:
    """Set my time zone and daily playing hours; my running slow clocks are re-timed (the
    time my turns already used stays counted as it was)."""
    now = context.clock.now()
    before = await service.schedule_of(session, player.id, now)
    await service.update_settings(session, player.id, body, now)
    return await _committed(session, context, player.id, before)


@router.post(
    "/me/vacation",
    response_model=ClockSettingsPublic,
    responses=responses(
        "request/malformed", "vacation/active", "vacation/over_allowance", *SIGNED_IN
    ),
    operation_id="startMyVacation",
)
async def start_vacation(
    body: VacationStart, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> ClockSettingsPublic:
    """Pause every slow match of mine for `days` from now (FOXDEN_VACATION_DAYS a year)."""
    now = context.clock.now()
    before = await service.schedule_of(session, player.id, now)
    allowance = context.settings.vacation_days
    await service.start_vacation(session, player.id, body.days, allowance, now)
    return await _committed(session, context, player.id, before)


@router.delete(
    "/me/vacation",
    response_model=ClockSettingsPublic,
    responses=responses("vacation/not_active", *SIGNED_IN),
    operation_id="endMyVacation",
)
async def end_vacation(
    player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> ClockSettingsPublic:
    """Back early: my clocks run again now, and the unused days are mine again this year."""
    now = context.clock.now()
    before = await service.schedule_of(session, player.id, now)
    await service.end_vacation(session, player.id, now)
    return await _committed(session, context, player.id, before)


async def _committed(
    session: AsyncSession, context: AppContext, player_id: str, before: Schedule
) -> ClockSettingsPublic:
    await session.commit()
    await reclock(context, player_id, before)
    return await _public(session, context, player_id)


async def _public(
    session: AsyncSession, context: AppContext, player_id: str
) -> ClockSettingsPublic:
    allowance = context.settings.vacation_days
    return await service.settings_public(session, player_id, allowance, context.clock.now())

"""Learn to play: start a guided match of a game, and ask the coach where it stands.

The guided match itself is played through the ordinary match routes and sockets; these two
routes only start it and tell its learner the script's words for the moment (GET, after each
envelope). Both are documented in docs/api.md.
"""

from __future__ import annotations

from fastapi import APIRouter

from app.core.errors import responses
from app.core.inputs import MatchId
from app.lobby import activity
from app.matches.access import viewer_seat
from app.matches.commits import Change, Commit
from app.matches.store import load_match
from app.tutorials.schemas import TutorialStart, TutorialStarted, TutorialStepPublic
from app.tutorials.service import start_tutorial, step_for
from app.web.deps import ContextDep, CurrentPlayer, SessionDep

router = APIRouter(prefix="/api/v1/tutorials", tags=["tutorials"])
AUTH = ("auth/missing", "auth/invalid", "rate/limited", "request/malformed")


@router.post(
    "",
    status_code=201,
    response_model=TutorialStarted,
    responses=responses(*AUTH, "game/not_found", "lobby/too_many"),
    operation_id="startTutorial",
)
async def start(
    body: TutorialStart, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> TutorialStarted:
    """A new guided match of the game against its scripted bot, unrated."""
    now = context.clock.now()
    await activity.check_room(session, player.id, context.settings, now)
    match = await start_tutorial(session, player, body.game, now)
    await session.commit()
    started = await load_match(context, session, match.id)
    await context.commits.announce(Commit(started, Change.START))  # wakes a bot that opens
    return TutorialStarted(match_id=match.id)


@router.get(
    "/{match_id}",
    response_model=TutorialStepPublic,
    responses=responses(
        *AUTH, "match/not_found", "auth/forbidden", "tutorial/not_found", "action/not_seated"
    ),
    operation_id="getTutorialStep",
)
async def step(
    match_id: MatchId, player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> TutorialStepPublic:
    """The coach's words for the learner: the line, what it points at, the move asked for."""
    loaded = await load_match(context, session, match_id)
    return await step_for(session, loaded, viewer_seat(loaded, player))

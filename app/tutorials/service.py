"""Starting a guided match and telling its learner where the script stands.

A tutorial is an ordinary unrated private match: its lobby is made started at once, the caller
in the script's learner seat and the script's bot (strategy `tutorial`) in the others, dealt
from the script's seed rather than a fresh one. No rating is ever settled for it (no table
with a bot is rated), so it never reaches a leaderboard.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity, names_of
from app.core.errors import ApiError
from app.core.statuses import LobbyStatus
from app.games import GAMES
from app.games.tutorial import Tutorial, first_state
from app.lobby.create import bot_opens, create_match
from app.lobby.models import Lobby
from app.lobby.service import create_lobby
from app.matches.loaded import LoadedMatch, encode_state
from app.matches.models import Match
from app.tutorials.progress import Progress, read_progress
from app.tutorials.schemas import TutorialStepPublic
from app.tutorials.scripts import TUTORIAL_BOT, tutorial_of

NOT_A_TUTORIAL = "This match is not a guided match."
ONLY_THE_LEARNER = "Only the learner of this guided match hears the coach."


async def start_tutorial(
    session: AsyncSession, learner: Identity, game: str, now: datetime
) -> Match:
    """A new guided match of `game` for `learner`, added to the session (not yet committed)."""
    known = GAMES.get(game)
    if known is None:
        raise ApiError("game/not_found", "There is no game with this id.")
    tutorial = known.tutorial
    lobby = await create_lobby(
        session, learner, game, tutorial.players, tutorial.options, private=True
    )
    _seat_the_bots(lobby, tutorial)
    names = await names_of(session, {learner.id})
    match = await create_match(session, lobby, names, now)
    _deal_the_script(match, lobby, tutorial)
    lobby.status, lobby.match_id = LobbyStatus.STARTED, match.id
    return match


def _seat_the_bots(lobby: Lobby, tutorial: Tutorial) -> None:
    """The learner sits where the script says (the host sits in seat 0 first)."""
    host = lobby.seats[0].player_id
    for seat in lobby.seats:
        learner = seat.seat == tutorial.learner
        seat.player_id = host if learner else None
        seat.bot = None if learner else TUTORIAL_BOT
        seat.ready = True


def _deal_the_script(match: Match, lobby: Lobby, tutorial: Tutorial) -> None:
    engine = GAMES[lobby.game].engine
    state = first_state(engine, tutorial)
    match.seed = tutorial.seed
    match.state = encode_state(engine, state)
    match.bot_due = bot_opens(engine, state, lobby)


def is_tutorial(loaded: LoadedMatch) -> bool:
    return any(info.bot == TUTORIAL_BOT for info in loaded.seats)


async def step_for(
    session: AsyncSession, loaded: LoadedMatch, seat: int | None
) -> TutorialStepPublic:
    """The coach's words for the learner of a guided match."""
    tutorial = tutorial_of(loaded.game)
    if tutorial is None or not is_tutorial(loaded):
        raise ApiError("tutorial/not_found", NOT_A_TUTORIAL)
    if seat != tutorial.learner:
        raise ApiError("action/not_seated", ONLY_THE_LEARNER)
    return _public(loaded.game, tutorial, await read_progress(session, loaded.id, tutorial))


def _public(game: str, tutorial: Tutorial, where: Progress) -> TutorialStepPublic:
    steps, index, finished = tutorial.steps, where.step, where.finished
    current = steps[index] if index is not None and not finished else None
    last = steps[index - 1] if index is not None and index > 0 else None
    said = last.coach if last is not None and last.seat != tutorial.learner else ""
    return TutorialStepPublic(
        game=game,
        learner=tutorial.learner,
        step=index,
        steps=len(steps),
        finished=finished,
        welcome=tutorial.welcome,
        greeting=index is not None
        and not any(step.seat == tutorial.learner for step in steps[:index]),
        farewell=tutorial.farewell,
        said=said,
        coach=current.coach if current is not None else "",
        points_at=current.points_at if current is not None else "",
        asked=dict(current.action)
        if current is not None and current.seat == tutorial.learner
        else None,
    )

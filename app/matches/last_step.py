"""The one writer of a match's last step that no seat's move makes: an admin's abort, a resign.

Such a step is written like a move (the same single-writer rule: this process's lock,
SQLite's one writer, the row lock and the version guard), as a new version with a history row
and a checkpoint of the state at that version, so every cache, socket and replay agrees. The
history row has no seat: the engine never replays it (the table itself does not change).
Once committed it is announced once: every socket and stream is pushed the new version, bots
and timers learn the match ended, and a rated match is settled.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.context import AppContext
from app.db import utcnow
from app.errors import ApiError
from app.matches.loaded import LoadedMatch, encode_state
from app.matches.models import Match, MatchAction
from app.matches.store import load_match
from app.ratings.settle import settle_finished
from app.statuses import ActorKind, MatchStatus


@dataclass(frozen=True)
class LastStep:
    """How the match ends: its status and outcome, and the history row that says so."""

    status: MatchStatus
    outcome: dict[str, Any] | None
    action: dict[str, Any]
    text: str  # the log line, with {seatN} placeholders for names
    actor: ActorKind
    data: dict[str, Any] = field(default_factory=dict)


Decide = Callable[[AsyncSession, LoadedMatch], Awaitable[LastStep | None]]


async def end_match(
    context: AppContext, session: AsyncSession, match_id: str, decide: Decide
) -> LoadedMatch:
    """Lock the match, let `decide` refuse (ApiError), change nothing (None) or end it; commit
    whatever `decide` added to the session with it (an audit row); announce an ending once."""
    async with context.locks.hold(match_id), context.locks.sqlite_writer(context.db.sqlite):
        loaded = await load_match(context, session, match_id, for_update=True)
        step = await decide(session, loaded)
        if step is not None:
            await _write(session, loaded, step)
        await session.commit()
    ended = await load_match(context, session, match_id)
    if step is not None:
        await announce(context, ended)
    return ended


async def announce(context: AppContext, ended: LoadedMatch) -> None:
    context.events.committed(ended)  # bots and timers drop the match
    await context.broker.publish("match:" + ended.id, str(ended.version))
    await settle_finished(context, ended)  # a rated result counts, exactly once


async def _write(session: AsyncSession, loaded: LoadedMatch, step: LastStep) -> None:
    if loaded.status != MatchStatus.ACTIVE:
        raise ApiError("match/finished", "This match is over.")
    saved = await session.execute(
        update(Match)
        .where(Match.id == loaded.id, Match.version == loaded.version)
        .values(
            status=step.status,
            outcome=step.outcome,
            version=loaded.version + 1,
            # A checkpoint: the state at the new version, so no replay ever meets this step.
            state=encode_state(loaded.engine, loaded.state),
            state_version=loaded.version + 1,
            deadline=None,
            bot_due=False,
            updated_at=utcnow(),
        )
    )
    if saved.rowcount != 1:  # type: ignore[attr-defined]
        raise ApiError("action/stale_version", "The match moved on meanwhile; try again.")
    await session.execute(
        insert(MatchAction).values(
            match_id=loaded.id,
            seq=loaded.version + 1,
            seat=None,
            action=step.action,
            client_id=None,
            log=[{"text": step.text, "audience": None, "data": step.data}],
            actor=step.actor,
            created_at=utcnow(),
        )
    )

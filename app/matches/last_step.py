"""A match's last step that no seat's move makes: an admin's abort, a resignation that ends it.

Such a step is written like a move (the same single-writer rule: this process's lock, SQLite's
one writer, the row lock and the version guard), as a new version with a history row and a
checkpoint of the state at that version (`history.write_last_step_in`), so every cache, socket
and replay agrees. Once committed it is announced once on the commit hook: sockets are pushed
the new version, bots and timers learn the match ended, a rated match is settled.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from sqlalchemy.ext.asyncio import AsyncSession

from app.matches.commits import Change, Commit
from app.matches.history import write_last_step_in
from app.matches.loaded import LoadedMatch
from app.matches.move import LastStep
from app.matches.pipeline_context import PipelineContext
from app.matches.store import load_match

__all__ = ["Decide", "LastStep", "end_match"]

Decide = Callable[[AsyncSession, LoadedMatch], Awaitable[LastStep | None]]


async def end_match(
    context: PipelineContext, session: AsyncSession, match_id: str, decide: Decide
) -> LoadedMatch:
    """Lock the match, let `decide` refuse (ApiError), change nothing (None) or end it; commit
    whatever `decide` added to the session with it (an audit row); announce an ending once."""
    async with context.locks.hold(match_id), context.locks.sqlite_writer(context.db.sqlite):
        loaded = await load_match(context, session, match_id, for_update=True)
        step = await decide(session, loaded)
        if step is not None:
            await write_last_step_in(session, loaded, step)
        await session.commit()
    ended = await load_match(context, session, match_id)
    if step is not None:
        await context.commits.announce(Commit(ended, Change.END, seat=step.seat, actor=step.actor))
    return ended

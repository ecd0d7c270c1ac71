"""The move pipeline: load -> engine.apply -> save + log -> publish.

One transaction per action. Single writer per match: the row lock on Postgres, the process lock
on SQLite, and on both an UPDATE guarded by the version read. Acknowledged means committed.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.bots.due import bot_due
from app.bots.strategies import stand_in_strategy
from app.context import AppContext
from app.db import utcnow
from app.errors import ApiError
from app.games.protocol import IllegalAction, LogEntry
from app.matches.loaded import LoadedMatch, encode_state, outcome_json
from app.matches.models import Match, MatchAction
from app.matches.store import change_seat, load_match

FINISHED = "This match is over: no more actions are accepted."


@dataclass(frozen=True)
class Actor:
    """Who is acting: a player (by id), or the server for a bot or timeout seat."""

    kind: str  # player | bot | timeout
    player_id: str | None = None
    seat: int | None = None


async def act(
    context: AppContext,
    match_id: str,
    actor: Actor,
    action: Any,
    version: int | None = None,
    client_id: str | None = None,
) -> tuple[LoadedMatch, int]:
    """Apply one action and commit it; returns the match as committed and the acting seat."""
    started = time.perf_counter()
    async with (
        context.locks.hold(match_id),
        context.locks.sqlite_writer(context.db.sqlite),
        context.db.sessions() as session,
        session.begin(),
    ):
        loaded = await _lock_and_load(context, session, match_id)
        seat = _seat_for(loaded, actor)
        if client_id is not None and await _already_applied(session, match_id, seat, client_id):
            return loaded, seat
        _check_playable(loaded, seat, version)
        if actor.kind == "player" and loaded.seats[seat].bot:
            raise ApiError(
                "action/not_your_turn", "A bot is playing your seat: reclaim it to play again."
            )
        committed = await _apply_and_save(
            session,
            loaded,
            seat,
            action,
            actor,
            client_id,
            context.settings.missed_turns,
            context.clock.now(),
        )
    context.matches.put(committed)
    context.metrics.action_committed(time.perf_counter() - started)
    # Before the publish: a Redis hiccup must not leave a bot or a deadline unscheduled.
    context.events.committed(committed)
    await context.broker.publish("match:" + match_id, str(committed.version))
    return committed, seat


async def _lock_and_load(context: AppContext, session: AsyncSession, match_id: str) -> LoadedMatch:
    return await load_match(context, session, match_id, for_update=True)


def _seat_for(loaded: LoadedMatch, actor: Actor) -> int:
    if actor.kind != "player":
        if actor.seat is None:
            raise ValueError("a server-side actor needs a seat")
        return actor.seat
    seat = loaded.seat_of(actor.player_id or "")
    if seat is None:
        raise ApiError("action/not_seated", "You do not have a seat in this match.")
    return seat


async def _already_applied(session: AsyncSession, match_id: str, seat: int, client_id: str) -> bool:
    found = await session.scalar(
        select(MatchAction.seq).where(
            MatchAction.match_id == match_id,
            MatchAction.seat == seat,
            MatchAction.client_id == client_id,
        )
    )
    return found is not None


def _check_playable(loaded: LoadedMatch, seat: int, version: int | None) -> None:
    if loaded.status != "active":
        raise ApiError("match/finished", FINISHED)
    if version is not None and version != loaded.version:
        raise ApiError(
            "action/stale_version",
            f"The match has moved on (now version {loaded.version}, you acted on {version}).",
        )
    if seat not in loaded.engine.to_act(loaded.state):
        raise ApiError("action/not_your_turn", "It is not your turn.")


async def _apply_and_save(
    session: AsyncSession,
    loaded: LoadedMatch,
    seat: int,
    action: Any,
    actor: Actor,
    client_id: str | None,
    missed_limit: int,
    now: datetime,
) -> LoadedMatch:
    engine = loaded.engine
    try:
        transition = engine.apply(loaded.state, seat, action)
    except IllegalAction as refusal:
        raise ApiError(refusal.code, refusal.message) from refusal
    outcome = outcome_json(engine.outcome(transition.state))
    committed = replace(
        loaded,
        state=transition.state,
        version=loaded.version + 1,
        status="finished" if outcome is not None else "active",
        outcome=outcome,
    )
    committed = await _count_missed_turns(session, committed, seat, actor, missed_limit)
    committed = replace(committed, deadline=next_deadline(committed, now))
    saved = await session.execute(
        update(Match)
        .where(Match.id == loaded.id, Match.version == loaded.version)
        .values(
            state=encode_state(engine, transition.state),
            version=committed.version,
            status=committed.status,
            outcome=outcome,
            deadline=committed.deadline,
            seat_epoch=committed.seat_epoch,
            bot_due=bot_due(committed),
            updated_at=utcnow(),
        )
    )
    if saved.rowcount != 1:  # type: ignore[attr-defined]
        raise ApiError("action/stale_version", "The match has moved on; reload and try again.")
    # A Core insert: the append-only history needs no unit-of-work bookkeeping.
    await session.execute(
        insert(MatchAction).values(
            match_id=loaded.id,
            seq=committed.version,
            seat=seat,
            action=json.loads(json.dumps(action)),
            client_id=client_id,
            log=[log_json(entry) for entry in transition.log],
            actor=actor.kind,
            created_at=utcnow(),
        )
    )
    return committed


def next_deadline(loaded: LoadedMatch, now: datetime) -> datetime | None:
    """A turn timer runs while a seat's own player must decide (`now`: the context's clock)."""
    if loaded.turn_seconds is None or not loaded.humans_to_act():
        return None
    return now + timedelta(seconds=loaded.turn_seconds)


async def _count_missed_turns(
    session: AsyncSession, loaded: LoadedMatch, seat: int, actor: Actor, limit: int
) -> LoadedMatch:
    """A timeout counts against the seat (a bot takes over at the limit); acting resets it."""
    missed = loaded.seats[seat].missed_turns
    if actor.kind == "player" and missed:
        return await change_seat(session, loaded, seat, missed_turns=0)
    if actor.kind != "timeout":
        return loaded
    if missed + 1 < limit:
        return await change_seat(session, loaded, seat, missed_turns=missed + 1)
    return await change_seat(
        session,
        loaded,
        seat,
        missed_turns=missed + 1,
        bot=stand_in_strategy(loaded.game),
        away=True,
    )


def log_json(entry: LogEntry) -> dict[str, Any]:
    stored: dict[str, Any] = {
        "text": entry.text,
        "audience": entry.audience,
        "data": dict(entry.data),
    }
    if entry.episode is not None:  # only entries a memory rule may fade carry these
        stored["episode"] = entry.episode
        stored["faded"] = entry.faded
    return stored

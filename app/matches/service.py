"""The move pipeline: decide on the match in memory -> engine.apply -> write once -> announce.

The process keeps the newest state of the matches it serves (`context.matches`), so a move
costs no read: it is decided on that copy and written with one guarded statement (see
`history.py`). If another process moved the match on meanwhile, the guard writes nothing, the
match is read again and the move decided again. Acknowledged means committed; one writer per
match (this process's lock, and across processes the version/epoch guard); the whole history is
kept; the commit is announced once on the commit hook (`commits.py`), whose listeners count
it, schedule bots and timers, settle a finished rated match and push it to every socket.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

import orjson
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.core.errors import ApiError
from app.core.statuses import ActorKind, MatchStatus
from app.games.protocol import IllegalAction, LogEntry
from app.matches.asking import asked_since
from app.matches.commits import Change, Commit, Refusal
from app.matches.history import write_move_in
from app.matches.loaded import LoadedMatch, encode_state, outcome_json
from app.matches.models import MatchAction
from app.matches.move import Move, Written, is_checkpoint
from app.matches.pipeline_context import PipelineContext
from app.matches.resignations import with_resignations
from app.matches.slow_clocks import clock_fields, clocked, is_slow, slow_deadline
from app.matches.stand_in import stand_in_strategy
from app.matches.store import change_seat, load_match

FINISHED = "This match is over: no more actions are accepted."
ATTEMPTS = 4  # reads of a match another process keeps moving on, before giving up


@dataclass(frozen=True)
class Actor:
    """Who is acting: a player (by id), or the server for a bot or timeout seat."""

    kind: ActorKind  # a player, or the server for a bot seat or an expired timer
    player_id: str | None = None
    seat: int | None = None


async def act(
    context: PipelineContext,
    match_id: str,
    actor: Actor,
    action: Any,
    version: int | None = None,
    client_id: str | None = None,
) -> tuple[LoadedMatch, int]:
    """Apply one action and commit it; returns the match as committed and the acting seat."""
    started = time.perf_counter()
    try:
        async with context.locks.hold(match_id):
            committed, seat, new = await _decide_and_write(
                context, match_id, actor, action, version, client_id
            )
    except ApiError as refusal:
        context.commits.refused(
            Refusal(match_id, actor.seat, actor.kind, action, version, refusal.code, started)
        )
        raise
    context.matches.put(committed)
    await context.commits.announce(
        Commit(
            committed,
            Change.MOVE,
            seat=seat,
            action=action,
            actor=actor.kind,
            started=started,
            repeated=not new,
        )
    )
    return committed, seat


async def _decide_and_write(
    context: PipelineContext,
    match_id: str,
    actor: Actor,
    action: Any,
    version: int | None,
    client_id: str | None,
) -> tuple[LoadedMatch, int, bool]:
    """The match after the action, the acting seat, and whether this call applied it (False:
    a retried request whose action was applied before)."""
    for attempt in range(ATTEMPTS):
        loaded = await _current(context, match_id, fresh=attempt > 0, version=version)
        seat = _seat_for(loaded, actor)
        try:
            guard = await _still_asked(context, loaded, seat, version, action)
            _check_playable(loaded, seat, guard, actor)
            committed, move = _decide(
                loaded,
                seat,
                action,
                actor,
                client_id,
                context.settings.missed_turns,
                context.clock.now(),
            )
        except ApiError:
            if client_id is not None and await _was_applied(
                context, match_id, seat, client_id, action
            ):
                return await _current(context, match_id, fresh=True), seat, False
            raise
        written = await _write(context, loaded, committed, move)
        if written is Written.COMMITTED:
            return committed, seat, True
        if written is Written.DUPLICATE:
            await _was_applied(context, match_id, seat, client_id or "", action)
            return await _current(context, match_id, fresh=True), seat, False
        context.matches.drop(match_id)  # another process moved it on: read it and decide again
    raise ApiError("action/stale_version", "The match has moved on; reload and try again.")


async def _current(
    context: PipelineContext, match_id: str, fresh: bool, version: int | None = None
) -> LoadedMatch:
    """The match to decide on: this process's copy, unless it must be read (a retry, or a
    client that has seen a newer version than the copy)."""
    cached = None if fresh else context.matches.get(match_id)
    if cached is not None and (version is None or version <= cached.version):
        return cached
    context.matches.drop(match_id)
    async with context.db.sessions() as session:
        return await load_match(context, session, match_id)


async def _still_asked(
    context: PipelineContext, loaded: LoadedMatch, seat: int, version: int | None, action: Any
) -> int | None:
    """The version the move counts as made on: the current one when it was made on an older
    version but is still the same decision of a simultaneous phase (app/matches/asking.py)."""
    if version is None or version >= loaded.version or loaded.status != MatchStatus.ACTIVE:
        return version
    async with context.db.sessions() as session:
        if await asked_since(session, loaded, seat, version, action):
            return loaded.version
    return version


def _seat_for(loaded: LoadedMatch, actor: Actor) -> int:
    if actor.kind != ActorKind.PLAYER:
        if actor.seat is None:
            raise ValueError("a server-side actor needs a seat")
        return actor.seat
    seat = loaded.seat_of(actor.player_id or "")
    if seat is None:
        raise ApiError("action/not_seated", "You do not have a seat in this match.")
    return seat


def _check_playable(loaded: LoadedMatch, seat: int, version: int | None, actor: Actor) -> None:
    if loaded.status != MatchStatus.ACTIVE:
        raise ApiError("match/finished", FINISHED)
    if version is not None and version != loaded.version:
        raise ApiError(
            "action/stale_version",
            f"The match has moved on (now version {loaded.version}, you acted on {version}).",
        )
    if seat not in loaded.engine.to_act(loaded.state):
        raise ApiError("action/not_your_turn", "It is not your turn.")
    if actor.kind == ActorKind.PLAYER and loaded.seats[seat].bot:
        raise ApiError(
            "action/not_your_turn", "A bot is playing your seat: reclaim it to play again."
        )


async def _was_applied(
    context: PipelineContext, match_id: str, seat: int, client_id: str, action: Any
) -> bool:
    """True if this seat's `client_id` is already in the history with this very action (a
    retried request); the same id with another action is refused."""
    async with context.db.sessions() as session:
        stored = await session.scalar(
            select(MatchAction.action).where(
                MatchAction.match_id == match_id,
                MatchAction.seat == seat,
                MatchAction.client_id == client_id,
            )
        )
    if stored is None:
        return False
    if _canonical(stored) != _canonical(action):
        raise ApiError(
            "action/id_reused",
            "This action id was already used for another action: send a new id.",
        )
    return True


def _canonical(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _decide(
    loaded: LoadedMatch,
    seat: int,
    action: Any,
    actor: Actor,
    client_id: str | None,
    missed_limit: int,
    now: datetime,
) -> tuple[LoadedMatch, Move]:
    """The engine's verdict on the action, as the committed match and the row that stores it."""
    engine = loaded.engine
    try:
        transition = engine.apply(loaded.state, seat, action)
    except IllegalAction as refusal:
        raise ApiError(refusal.code, refusal.message) from refusal
    outcome = with_resignations(outcome_json(engine.outcome(transition.state)), loaded.seats)
    committed = replace(
        loaded,
        state=transition.state,
        version=loaded.version + 1,
        status=MatchStatus.FINISHED if outcome is not None else MatchStatus.ACTIVE,
        outcome=outcome,
    )
    committed = _count_missed_turns(committed, seat, actor, missed_limit)
    committed = timed(committed, now)
    move = Move(
        match_id=loaded.id,
        guard_version=loaded.version,
        guard_epoch=loaded.seat_epoch,
        version=committed.version,
        state=encode_state(engine, transition.state)
        if is_checkpoint(committed.version, committed.status)
        else None,
        status=committed.status,
        outcome=outcome,
        deadline=committed.deadline,
        seat_epoch=committed.seat_epoch,
        bot_due=committed.bot_due(),
        seat=seat,
        action=orjson.loads(orjson.dumps(action)),
        client_id=client_id,
        log=[log_json(entry) for entry in transition.log],
        actor=actor.kind,
        at=now,
    )
    return committed, move


def _count_missed_turns(loaded: LoadedMatch, seat: int, actor: Actor, limit: int) -> LoadedMatch:
    """A timeout counts against the seat (a bot takes over at the limit); acting resets it.
    Only the in-memory seats change here; `_write` stores what changed."""
    missed = loaded.seats[seat].missed_turns
    if actor.kind == ActorKind.PLAYER and missed:
        return _seat_changed(loaded, seat, missed_turns=0)
    if actor.kind != ActorKind.TIMEOUT:
        return loaded
    if missed + 1 < limit:
        return _seat_changed(loaded, seat, missed_turns=missed + 1)
    return _seat_changed(
        loaded, seat, missed_turns=missed + 1, bot=stand_in_strategy(loaded.game), away=True
    )


def _seat_changed(loaded: LoadedMatch, seat: int, **values: Any) -> LoadedMatch:
    info = loaded.seats[seat]
    changed = replace(info, **values)
    seats = tuple(changed if s.seat == seat else s for s in loaded.seats)
    epoch = loaded.seat_epoch + (1 if changed.bot != info.bot else 0)
    return replace(loaded, seats=seats, seat_epoch=epoch)


async def _write(
    context: PipelineContext, before: LoadedMatch, committed: LoadedMatch, move: Move
) -> Written:
    """One statement when only the match moves; a transaction when a seat changes too."""
    if committed.seats == before.seats:
        # No lock here: SQLite's writer thread orders the moves itself, and moves that wait
        # together share one commit (a lock would let only one wait at a time).
        return await context.writer.write(move)
    async with context.locks.sqlite_writer(context.db.sqlite), context.db.sessions() as session:
        try:
            async with session.begin():
                connection = await session.connection()
                written = await write_move_in(connection, move)
                if written is not Written.COMMITTED:
                    raise _Stale
                for info, old in zip(committed.seats, before.seats, strict=True):
                    if info != old:
                        await change_seat(
                            session,
                            before,
                            info.seat,
                            missed_turns=info.missed_turns,
                            bot=info.bot,
                            away=info.away,
                            **clock_fields(info),
                        )
        except _Stale:
            return Written.STALE
        except IntegrityError:
            return Written.DUPLICATE
    return Written.COMMITTED


class _Stale(Exception):
    """Rolls the slow path's transaction back when its guard wrote nothing."""


def timed(loaded: LoadedMatch, now: datetime) -> LoadedMatch:
    """The match's clocks and deadline after a change committed at `now`."""
    loaded = clocked(loaded, now)
    return replace(loaded, deadline=next_deadline(loaded, now))


def next_deadline(loaded: LoadedMatch, now: datetime) -> datetime | None:
    """A turn timer runs while a seat's own player must decide (`now`: the context's clock);
    a slow table's runs out when the first waiting seat's move time and bank are spent."""
    if is_slow(loaded):
        return slow_deadline(loaded)
    if loaded.turn_seconds is None or not loaded.humans_to_act():
        return None
    return now + timedelta(seconds=loaded.turn_seconds)


def log_json(entry: LogEntry) -> dict[str, Any]:
    stored: dict[str, Any] = {
        "text": entry.text,
        "audience": entry.audience,
        "data": dict(entry.data),
    }
    if entry.episode is not None:  # only entries a memory rule may fade carry these
        stored["episode"] = entry.episode
        stored["faded"] = entry.faded
    if entry.others:  # a private line's third-person form, read by the others after the end
        stored["others"] = entry.others
    return stored

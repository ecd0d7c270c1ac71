"""Telling every process that a match moved, so each can push its own viewers' envelopes.

The committing process wakes its own sockets at once. Other processes get a `Move` message
(app/realtime/messages.py) through the broker with the committed action: a process that holds
the previous version replays it with the deterministic engine (no database read, no state
decode); any other process forgets its copy and reads the match when a socket needs it. Only
processes read these messages; every byte a client gets is still built for its viewer from
the state.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import MutableMapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from app.accounts.identity import TokenCache
from app.core.statuses import MatchStatus
from app.matches.commits import Change, Commit
from app.matches.loaded import LoadedMatch, MatchCache, SeatInfo, outcome_json
from app.matches.resignations import with_resignations
from app.realtime.broker import Broker
from app.realtime.hub import Hub
from app.realtime.messages import (
    RESYNC,
    Chat,
    Move,
    Presence,
    Resync,
    Seats,
    Signout,
    Unknown,
    Version,
    decode,
    ignore,
    kind_of,
    match_of,
    match_topic,
    token_of,
)

log = logging.getLogger(__name__)


class Fanout:
    def __init__(
        self,
        broker: Broker,
        hub: Hub,
        matches: MatchCache,
        presence_counts: MutableMapping[str, dict[int, int]],
        tokens: TokenCache,
    ) -> None:
        self.broker = broker
        self.hub = hub
        self.matches = matches
        self.presence_counts = presence_counts  # each match's connected seats, held briefly
        self.tokens = tokens  # a revoked token leaves it on receipt (app/realtime/signouts.py)
        self.origin = uuid.uuid4().hex[:12]  # this process: its own messages come back

    async def start(self) -> None:
        await self.broker.start(self.receive)

    async def committed(self, commit: Commit) -> None:
        """The commit hook's last listener: every socket on every process hears of the change."""
        match = commit.match
        topic = match_topic(match.id)
        if commit.change is Change.MOVE and commit.seat is not None:
            await self.moved(match, commit.seat, commit.action, commit.actor or "")
        elif commit.change is Change.SEATS:
            await self.broker.publish(topic, Seats().encode())  # every cache reloads the seats
            if commit.seat_change is not None:  # the table's notice of it is in the chat
                await self.broker.publish(topic, Chat(None).encode())
        elif commit.change is Change.END:
            await self.broker.publish(topic, Version(match.version).encode())
        # START: nobody watches a match before it starts; the lobby tells its own.

    async def moved(self, committed: LoadedMatch, seat: int, action: Any, actor: str) -> None:
        """Publish a committed move: local sockets first, then every other process."""
        topic = match_topic(committed.id)
        self.hub.deliver(topic, Version(committed.version).encode())
        await self.broker.publish(topic, _move(self.origin, committed, seat, action).encode())

    def receive(self, topic: str, message: str) -> None:
        """The broker's delivery of any message: moves are caught up on, the rest passed on as
        they came (only moves are decoded here: news is read by the streams it is for)."""
        kind = kind_of(message)
        if topic == RESYNC:
            self._resync()
        elif kind == Move.kind:
            self._moved_elsewhere(topic, message)
        else:
            match_id, token_hash = match_of(topic), token_of(topic)
            if kind == Presence.kind and match_id is not None:
                self.presence_counts.pop(match_id, None)  # this process's brief copy is old
            elif kind == Signout.kind and token_hash is not None:
                self.tokens.drop(token_hash)  # revoked on some process: out here too
            self.hub.deliver(topic, message)

    def _moved_elsewhere(self, topic: str, message: str) -> None:
        move, match_id = decode(message), match_of(topic)
        if match_id is None:
            return
        if not isinstance(move, Move):  # unreadable: this copy may be behind, read it when needed
            self.matches.drop(match_id)
            ignore(Unknown(message))
        elif move.origin != self.origin:  # its own were delivered locally when committed
            self._catch_up(match_id, move)
            self.hub.deliver(topic, Version(move.version).encode())

    def _resync(self) -> None:
        """Moves and revocations may have been missed: forget every copy of a match and every
        cached token, and have every local socket and stream read its match again (a forced
        push reads the head of the match) and check its token (signouts.py)."""
        self.tokens.clear()
        for topic in self.hub.topics():
            match_id = match_of(topic)
            if match_id is not None:
                self.matches.drop(match_id)
            self.hub.deliver(topic, Resync().encode())

    def _catch_up(self, match_id: str, move: Move) -> None:
        cached = self.matches.get(match_id)
        if cached is None or cached.version >= move.version:
            return
        if cached.version != move.version - 1 or cached.move_seconds is not None:
            # Missed a move (a broker outage), or a slow table, whose clocks and their players'
            # schedules are read with the match (it moves rarely): read it when needed.
            self.matches.drop(match_id)
            return
        try:
            self.matches.put(replayed(cached, move))
        except Exception:  # never trust a copy that cannot replay: the database has the truth
            log.warning("could not replay move %s of %s", move.version, match_id, exc_info=True)
            self.matches.drop(match_id)


def replayed(cached: LoadedMatch, move: Move) -> LoadedMatch:
    """The match one move later, by the engine, exactly as the committing process has it."""
    engine = cached.engine
    state = engine.apply(cached.state, move.seat, move.action).state
    seats = tuple(SeatInfo(**info) for info in move.seats)
    outcome = with_resignations(outcome_json(engine.outcome(state)), seats)
    return replace(
        cached,
        state=state,
        version=move.version,
        status=MatchStatus.FINISHED if outcome is not None else MatchStatus.ACTIVE,
        outcome=outcome,
        deadline=datetime.fromisoformat(move.deadline) if move.deadline else None,
        seats=seats,
        seat_epoch=move.seat_epoch,
    )


def _move(origin: str, committed: LoadedMatch, seat: int, action: Any) -> Move:
    return Move(
        origin=origin,
        version=committed.version,
        seat=seat,
        action=action,
        deadline=committed.deadline.isoformat() if committed.deadline else None,
        seat_epoch=committed.seat_epoch,
        # Seats change with a move only through missed turns; a copy must count them too.
        seats=tuple(info.__dict__ for info in committed.seats),
    )

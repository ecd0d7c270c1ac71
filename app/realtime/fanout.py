"""Telling every process that a match moved, so each can push its own viewers' envelopes.

The committing process wakes its own sockets at once. Other processes get a `move:` message
through the broker with the committed action: a process that holds the previous version
replays it with the deterministic engine (no database read, no state decode); any other
process forgets its copy and reads the match when a socket needs it. Only processes read these
messages; every byte a client gets is still built for its viewer from the state.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import MutableMapping
from dataclasses import replace
from datetime import datetime
from typing import Any

import orjson

from app.accounts.identity import TokenCache
from app.core.statuses import MatchStatus
from app.matches.commits import Change, Commit
from app.matches.loaded import LoadedMatch, MatchCache, SeatInfo, outcome_json
from app.matches.resignations import with_resignations
from app.realtime.broker import RESYNC, Broker
from app.realtime.hub import Hub
from app.realtime.signouts import SIGNOUT
from app.realtime.signouts import TOPIC as TOKEN_TOPIC

MOVE = "move:"
PRESENCE = "presence"  # who is connected to a match changed (app/realtime/presence.py)
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
        topic = "match:" + match.id
        if commit.change is Change.MOVE and commit.seat is not None:
            await self.moved(match, commit.seat, commit.action, commit.actor or "")
        elif commit.change is Change.SEATS:
            await self.broker.publish(topic, "seats")  # every cache reloads the seats
            if commit.notice is not None:
                await self.broker.publish(topic, "chat:seat")  # the table's notice was written
        elif commit.change is Change.END:
            await self.broker.publish(topic, str(match.version))
        # START: nobody watches a match before it starts; the lobby tells its own.

    async def moved(self, committed: LoadedMatch, seat: int, action: Any, actor: str) -> None:
        """Publish a committed move: local sockets first, then every other process."""
        topic = "match:" + committed.id
        self.hub.deliver(topic, str(committed.version))
        await self.broker.publish(topic, MOVE + _encode(self.origin, committed, seat, action))

    def receive(self, topic: str, message: str) -> None:
        """The broker's delivery of any message: moves are caught up on, the rest passed on."""
        if topic == RESYNC:
            self._resync()
            return
        if not message.startswith(MOVE):
            if message == PRESENCE:  # counted on some process: this one's brief copy is old
                self.presence_counts.pop(topic.removeprefix("match:"), None)
            elif message == SIGNOUT:  # revoked on some process: it stops working here too
                self.tokens.drop(topic.removeprefix(TOKEN_TOPIC))
            self.hub.deliver(topic, message)
            return
        move = orjson.loads(message[len(MOVE) :])
        if move["origin"] == self.origin:
            return  # delivered locally when it was committed
        self._catch_up(topic.removeprefix("match:"), move)
        self.hub.deliver(topic, str(move["version"]))

    def _resync(self) -> None:
        """Moves and revocations may have been missed: forget every copy of a match and every
        cached token, and have every local socket and stream read its match again (a forced
        push reads the head of the match) and check its token (signouts.py)."""
        self.tokens.clear()
        for topic in self.hub.topics():
            self.matches.drop(topic.removeprefix("match:"))
            self.hub.deliver(topic, RESYNC)

    def _catch_up(self, match_id: str, move: dict[str, Any]) -> None:
        cached = self.matches.get(match_id)
        if cached is None or cached.version >= move["version"]:
            return
        if cached.version != move["version"] - 1:
            self.matches.drop(match_id)  # missed a move (a broker outage): read it when needed
            return
        try:
            self.matches.put(replayed(cached, move))
        except Exception:  # never trust a copy that cannot replay: the database has the truth
            log.warning("could not replay move %s of %s", move["version"], match_id, exc_info=True)
            self.matches.drop(match_id)


def replayed(cached: LoadedMatch, move: dict[str, Any]) -> LoadedMatch:
    """The match one move later, by the engine, exactly as the committing process has it."""
    engine = cached.engine
    state = engine.apply(cached.state, move["seat"], move["action"]).state
    seats = tuple(SeatInfo(**info) for info in move["seats"])
    outcome = with_resignations(outcome_json(engine.outcome(state)), seats)
    return replace(
        cached,
        state=state,
        version=move["version"],
        status=MatchStatus.FINISHED if outcome is not None else MatchStatus.ACTIVE,
        outcome=outcome,
        deadline=datetime.fromisoformat(move["deadline"]) if move["deadline"] else None,
        seats=seats,
        seat_epoch=move["seat_epoch"],
    )


def _encode(origin: str, committed: LoadedMatch, seat: int, action: Any) -> str:
    return orjson.dumps(
        {
            "origin": origin,
            "version": committed.version,
            "seat": seat,
            "action": action,
            "deadline": committed.deadline.isoformat() if committed.deadline else None,
            "seat_epoch": committed.seat_epoch,
            # Seats change with a move only through missed turns; a copy must count them too.
            "seats": [info.__dict__ for info in committed.seats],
        }
    ).decode()

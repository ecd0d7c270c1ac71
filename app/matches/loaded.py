"""A match as the pipeline works on it: decoded state plus its seats, cached per process."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson

from app.core.statuses import MatchStatus
from app.games import get_engine
from app.games.protocol import Engine, Outcome
from app.slow_play.clock_math import Schedule


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    player_id: str | None
    bot: str | None
    name: str
    missed_turns: int = 0
    away: bool = False
    is_bot: bool = False  # the seat's player is a bot account (a program plays it)
    resigned: bool = False  # the player resigned: a bot plays on, the seat ranks last
    # A slow table's clock of this seat (app/matches/slow_clocks.py); None/0 elsewhere.
    bank_left: int | None = None
    waiting_since: datetime | None = None
    turn_used: int = 0


@dataclass(frozen=True)
class LoadedMatch:
    id: str
    game: str
    options: dict[str, Any]
    status: str
    version: int
    state: Any
    seats: tuple[SeatInfo, ...]
    outcome: dict[str, Any] | None
    deadline: datetime | None
    private: bool = False
    turn_seconds: int | None = None
    seat_epoch: int = 0
    move_seconds: int | None = None  # a slow table's time per move (None: not a slow table)
    bank_seconds: int | None = None  # and each seat's bank at the start
    schedules: tuple[Schedule, ...] = ()  # a slow table's players' schedules, by seat

    @property
    def engine(self) -> Engine[Any]:
        engine = get_engine(self.game)
        if engine is None:
            raise LookupError(f"no engine for {self.game}")
        return engine

    def seat_of(self, player_id: str) -> int | None:
        for info in self.seats:
            if info.player_id == player_id:
                return info.seat
        return None

    def names(self) -> list[str]:
        return [info.name for info in self.seats]

    def humans_to_act(self) -> list[int]:
        """Seats whose own player must decide now (the ones a turn timer runs for)."""
        if self.status != MatchStatus.ACTIVE:
            return []
        humans = {info.seat for info in self.seats if not info.bot}
        return [seat for seat in self.engine.to_act(self.state) if seat in humans]

    def bots_to_act(self) -> list[int]:
        """Bot seats the engine is waiting for."""
        if self.status != MatchStatus.ACTIVE:
            return []
        bots = {info.seat for info in self.seats if info.bot}
        if not bots:
            return []
        return [seat for seat in self.engine.to_act(self.state) if seat in bots]

    def oldest_turn(self, otherwise: datetime) -> datetime:
        """When the oldest running turn of a slow table began (`otherwise` when none runs):
        the vacations that ended before it can no longer stop any of its clocks."""
        started = [info.waiting_since for info in self.seats if info.waiting_since is not None]
        return min(started, default=otherwise)

    def bot_due(self) -> bool:
        """Whether a bot must act next. Saved as `matches.bot_due`, it lets a recovery pass
        find the bot turns a crashed process dropped with one indexed query."""
        return bool(self.bots_to_act())


def decode_state(engine: Engine[Any], text: str) -> Any:
    return engine.decode(orjson.loads(text))


def encode_state(engine: Engine[Any], state: Any) -> str:
    # Compact JSON, as the standard module would write it (int keys become strings), faster.
    return orjson.dumps(engine.encode(state), option=orjson.OPT_NON_STR_KEYS).decode()


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {
        "winners": list(outcome.winners),
        "scores": [_whole(score) for score in outcome.scores],
        "reason": outcome.reason,
        "detail": dict(outcome.detail),
    }


def _whole(score: float) -> float:
    """A whole score as an integer (7, not 7.0): the OpenAPI document types scores so."""
    return int(score) if float(score).is_integer() else score


class MatchCache:
    """The newest LoadedMatch per match id in this process (bounded, least recently used out).

    The process that commits an action stores the new state here, so fanning the change out to
    its own sockets costs no database read and no decode.
    """

    def __init__(self, size: int = 2_000) -> None:
        self.size = size
        self._entries: OrderedDict[str, LoadedMatch] = OrderedDict()

    def get(self, match_id: str) -> LoadedMatch | None:
        loaded = self._entries.get(match_id)
        if loaded is not None:
            self._entries.move_to_end(match_id)
        return loaded

    def put(self, loaded: LoadedMatch) -> None:
        current = self._entries.get(loaded.id)
        if current is not None and current.version > loaded.version:
            return  # never go back in time: an older read finished after a newer commit
        self._entries[loaded.id] = loaded
        self._entries.move_to_end(loaded.id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def drop(self, match_id: str) -> None:
        self._entries.pop(match_id, None)

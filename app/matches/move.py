"""A committed step as it is stored (a move, or a last step no seat made), and what became
of writing it."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.core.statuses import ActorKind, MatchStatus

# The state is stored with every CHECKPOINT_EVERY-th move and with the last one; a load replays
# the moves since (at most CHECKPOINT_EVERY - 1 engine applies, well under a millisecond). The
# other moves write no state: a few KB less for the database to log and the app to encode.
CHECKPOINT_EVERY = 16


def is_checkpoint(version: int, status: str) -> bool:
    return version % CHECKPOINT_EVERY == 0 or status != MatchStatus.ACTIVE


class Written(enum.Enum):
    COMMITTED = "committed"
    STALE = "stale"  # the match moved on (another process, a seat change, an abort)
    DUPLICATE = "duplicate"  # this seat already used this client action id


@dataclass(frozen=True)
class Move:
    """One move as it is stored: the guard it was decided on and everything it changes."""

    match_id: str
    guard_version: int
    guard_epoch: int
    version: int
    state: str | None  # the engine's encoded state (compact JSON text) at a checkpoint, else None
    status: str
    outcome: dict[str, Any] | None
    deadline: datetime | None
    seat_epoch: int
    bot_due: bool  # a bot is to act: the indexed marker recovery looks for after a crash
    seat: int
    action: Any
    client_id: str | None
    log: list[dict[str, Any]]
    actor: str
    at: datetime


@dataclass(frozen=True)
class LastStep:
    """How a match ends without a seat's move (an admin's abort, a resignation): its status
    and outcome, and the history row that says so."""

    status: MatchStatus
    outcome: dict[str, Any] | None
    action: dict[str, Any]
    text: str  # the log line, with {seatN} placeholders for names
    actor: ActorKind
    data: dict[str, Any] = field(default_factory=dict)
    # The seat whose own doing it is (a resignation's; None: an admin's abort). The history
    # row still has no seat: the commit's listeners hear it (no notice to the resigner).
    seat: int | None = None

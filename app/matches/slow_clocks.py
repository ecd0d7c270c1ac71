"""The clocks of a slow table as the pipeline keeps them: a time per move and a bank per seat.

A seat's turn starts when the engine begins to wait for its player and ends when it stops
waiting for them; meanwhile its clock runs only when the player's schedule lets it (playing
hours, vacations: app/slow_play/clock_math.py). A turn may use the move's time for free; what
it uses beyond comes out of the seat's bank, and when both are spent the match's deadline has
come and the turn timer (app/bots/timers.py) decides for the seat exactly as on a timed table.
Each commit carries the seats' clocks (bank left, counting since, used before) in the seats'
rows, so every process reads the same clocks; the deadline is the earliest seat's.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.matches.loaded import LoadedMatch, SeatInfo
from app.matches.store import change_seat
from app.slow_play.clock_math import (
    ALWAYS,
    Schedule,
    instant_after,
    pauses_between,
    running_seconds,
)


def is_slow(loaded: LoadedMatch) -> bool:
    return loaded.move_seconds is not None


def schedule_of(loaded: LoadedMatch, seat: int) -> Schedule:
    return loaded.schedules[seat] if seat < len(loaded.schedules) else ALWAYS


def bank_of(loaded: LoadedMatch, info: SeatInfo) -> int:
    return info.bank_left if info.bank_left is not None else loaded.bank_seconds or 0


def clocked(loaded: LoadedMatch, now: datetime) -> LoadedMatch:
    """Every seat's clock after a change committed at `now`: a turn that ended pays what it
    ran over the move's time from the bank; a turn that began starts counting."""
    if not is_slow(loaded):
        return loaded
    waiting = set(loaded.humans_to_act())
    seats = tuple(_seat_clocked(loaded, info, info.seat in waiting, now) for info in loaded.seats)
    return replace(loaded, seats=seats)


def _seat_clocked(loaded: LoadedMatch, info: SeatInfo, waiting: bool, now: datetime) -> SeatInfo:
    if waiting and info.waiting_since is None:
        return replace(info, bank_left=bank_of(loaded, info), waiting_since=now, turn_used=0)
    if not waiting and info.waiting_since is not None:
        overrun = max(0, used_seconds(loaded, info, now) - (loaded.move_seconds or 0))
        bank = max(0, bank_of(loaded, info) - overrun)
        return replace(info, bank_left=bank, waiting_since=None, turn_used=0)
    return info


def used_seconds(loaded: LoadedMatch, info: SeatInfo, now: datetime) -> int:
    """The running time this seat's current turn has used by `now`."""
    if info.waiting_since is None:
        return 0
    ran = running_seconds(schedule_of(loaded, info.seat), info.waiting_since, now)
    return info.turn_used + int(ran)


def checkpointed(loaded: LoadedMatch, seat: int, before: Schedule, now: datetime) -> LoadedMatch:
    """The seat's turn so far, counted under the schedule it ran under (`before`): its player
    changes their schedule now, and the new one counts from now on only."""
    info = loaded.seats[seat]
    if info.waiting_since is None:
        return loaded
    ran = int(running_seconds(before, info.waiting_since, now))
    changed = replace(info, turn_used=info.turn_used + ran, waiting_since=now)
    return replace(loaded, seats=tuple(changed if s.seat == seat else s for s in loaded.seats))


def seat_deadline(loaded: LoadedMatch, info: SeatInfo) -> datetime | None:
    """When this seat's move time and bank will both be spent (None: not its turn)."""
    if info.waiting_since is None or loaded.move_seconds is None:
        return None
    left = loaded.move_seconds + bank_of(loaded, info) - info.turn_used
    return instant_after(schedule_of(loaded, info.seat), info.waiting_since, left)


def slow_deadline(loaded: LoadedMatch) -> datetime | None:
    deadlines = [seat_deadline(loaded, loaded.seats[seat]) for seat in loaded.humans_to_act()]
    return min((d for d in deadlines if d is not None), default=None)


def expired_seats(loaded: LoadedMatch, now: datetime) -> list[int]:
    """The waiting players whose time is up: on a slow table only those whose own clock is
    spent (another seat's may still run); on a timed table every one of them."""
    waiting = loaded.humans_to_act()
    if not is_slow(loaded):
        return waiting
    return [
        seat
        for seat in waiting
        if (deadline := seat_deadline(loaded, loaded.seats[seat])) is not None and deadline <= now
    ]


async def write_clocks(session: AsyncSession, before: LoadedMatch, after: LoadedMatch) -> None:
    """Store the clocks of the seats whose clock changed between two copies of the match."""
    for old, new in zip(before.seats, after.seats, strict=True):
        if clock_fields(old) != clock_fields(new):
            await change_seat(session, before, new.seat, **clock_fields(new))


def clock_fields(info: SeatInfo) -> dict[str, Any]:
    return {
        "bank_left": info.bank_left,
        "waiting_since": info.waiting_since,
        "turn_used": info.turn_used,
    }


def clock_json(loaded: LoadedMatch) -> dict[str, Any] | None:
    """The table's clocks as everyone may see them (clocks are public): per seat its bank, and
    for a seat whose turn runs when it started, when it ends and every pause until then."""
    if not is_slow(loaded):
        return None
    return {
        "move_seconds": loaded.move_seconds,
        "bank_seconds": loaded.bank_seconds,
        "seats": [_seat_json(loaded, info) for info in loaded.seats],
    }


def _seat_json(loaded: LoadedMatch, info: SeatInfo) -> dict[str, Any]:
    deadline = seat_deadline(loaded, info)
    running = deadline is not None and info.waiting_since is not None
    pauses = (
        pauses_between(schedule_of(loaded, info.seat), info.waiting_since, deadline)
        if running and info.waiting_since is not None and deadline is not None
        else []
    )
    return {
        "seat": info.seat,
        "bank_left": bank_of(loaded, info),
        "turn_started": _iso(info.waiting_since) if running else None,
        "turn_used": info.turn_used if running else 0,
        "deadline": _iso(deadline),
        "pauses": [
            {"start": _iso(p.start), "until": _iso(p.end), "reason": p.reason} for p in pauses
        ],
    }


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None

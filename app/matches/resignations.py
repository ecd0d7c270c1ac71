"""What a resignation does to a match's result: the seat ranks last, whoever played it on.

A resigned seat of a match of three or more goes on with the platform's bot (the others play
on), so the engine's outcome may even name it a winner; the outcome the platform keeps names
the resigned seats in `detail.resigned` and never among the winners, and the ratings rank
them after every other seat (app/ratings/standing.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games import get_engine
from app.matches.loaded import SeatInfo

RESIGNED = "resigned"  # the outcome's reason when a resignation ended the match


def resigned_seats(seats: Sequence[SeatInfo]) -> list[int]:
    return [info.seat for info in seats if info.resigned]


def with_resignations(
    outcome: dict[str, Any] | None, seats: Sequence[SeatInfo]
) -> dict[str, Any] | None:
    """The engine's outcome, with the resigned seats out of the winners and named."""
    resigned = resigned_seats(seats)
    if outcome is None or not resigned:
        return outcome
    return {
        **outcome,
        "winners": [seat for seat in outcome["winners"] if seat not in resigned],
        "detail": {**outcome.get("detail", {}), RESIGNED: resigned},
    }


def ending_outcome(game: str, seats: Sequence[SeatInfo], last: int) -> dict[str, Any] | None:
    """The result if the resignations just made (the latest by seat `last`) end the match,
    else None (it plays on).

    Cooperative (the Duet): the team gives up together, so it loses. Otherwise the match ends
    when one seat is left standing, and that seat wins."""
    resigned = resigned_seats(seats)
    standing = [info.seat for info in seats if not info.resigned]
    engine = get_engine(game)
    if engine is not None and engine.cooperative:
        winners: list[int] = []
    elif len(standing) == 1:
        winners = standing
    else:
        return None
    return {
        "winners": winners,
        "scores": [0 for _ in seats],
        "reason": RESIGNED,
        # How it ended, in words the outcome screen shows ({seatN}: the name, filled on the
        # way out like every view).
        "detail": {RESIGNED: resigned, "summary": f"{{seat{last}}} resigned"},
    }

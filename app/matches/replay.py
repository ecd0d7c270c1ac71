"""Stepping through a match that is over: its states rebuilt by the engine from the history.

The server replays the stored actions from the seeded first state (the client never sees the
seed while it could matter, and needs no engine of its own). Step n is the table after n
actions; each seat's view of it is built by the engine's own projection for that seat, so the
replay shows every hand exactly as its player saw it. A match that is over never changes, so
its replayed states are kept for a while per process.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from app.core.errors import ApiError
from app.core.statuses import MatchStatus
from app.games.protocol import IllegalAction
from app.matches.envelope import envelope
from app.matches.export import EndedMatch
from app.matches.first_state import first_state
from app.matches.loaded import LoadedMatch

# Integer fields of a spectator view that name the part of the match it is in, in the order
# they are looked for: the replay offers "jump to" each value's first step.
MARK_FIELDS = ("round", "phase", "turn")
CACHED_MATCHES = 16


@dataclass(frozen=True)
class Replayed:
    states: tuple[Any, ...]  # states[n]: the table after n steps
    marks: tuple[str | None, ...]  # "Round 2", "Turn 5"... per step


class ReplayCache:
    def __init__(self, size: int = CACHED_MATCHES) -> None:
        self.size = size
        self._entries: OrderedDict[str, Replayed] = OrderedDict()

    def get(self, ended: EndedMatch) -> Replayed:
        key = ended.loaded.id
        found = self._entries.get(key)
        if found is None:
            found = replay(ended)
            self._entries[key] = found
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        self._entries.move_to_end(key)
        return found


CACHE = ReplayCache()


def replay(ended: EndedMatch) -> Replayed:
    loaded = ended.loaded
    engine = loaded.engine
    state = first_state(loaded, ended.seed, ended.start)
    states = [state]
    try:
        for step in ended.actions:
            if step.seat is not None:  # an admin's abort changes nothing on the table
                state = engine.apply(state, step.seat, step.action).state
            states.append(state)
    except IllegalAction as refusal:
        raise ApiError(
            "match/not_replayable",
            "This match was played under an earlier version of the game's rules.",
        ) from refusal
    return Replayed(tuple(states), tuple(_mark(engine.view(s, None)) for s in states))


def _mark(view: dict[str, Any]) -> str | None:
    for field in MARK_FIELDS:
        value = view.get(field)
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{field.capitalize()} {value}"
    return None


def index_json(ended: EndedMatch, replayed: Replayed) -> dict[str, Any]:
    """The steps and where each round (or phase, or turn) begins."""
    marks: list[dict[str, Any]] = []
    for step, mark in enumerate(replayed.marks):
        if mark is not None and (not marks or marks[-1]["label"] != mark):
            marks.append({"step": step, "label": mark})
    return {
        "match_id": ended.loaded.id,
        "game": ended.loaded.game,
        "status": ended.loaded.status,
        "steps": len(replayed.states) - 1,
        "marks": marks,
    }


def step_json(ended: EndedMatch, replayed: Replayed, step: int) -> dict[str, Any]:
    """The table after `step` actions: every seat's view and the spectator's."""
    last = len(replayed.states) - 1
    if not 0 <= step <= last:
        raise ApiError("match/no_such_step", f"This match has steps 0 to {last}.")
    final = step == last
    at_step = replace(
        ended.loaded,
        state=replayed.states[step],
        version=step,
        status=ended.loaded.status if final else MatchStatus.ACTIVE,
        outcome=ended.loaded.outcome if final else None,
        deadline=None,
    )
    action = ended.actions[step - 1] if step else None
    return {
        "match_id": ended.loaded.id,
        "game": ended.loaded.game,
        "step": step,
        "steps": last,
        "mark": replayed.marks[step],
        "action": None
        if action is None
        else {
            "seq": action.seq,
            "seat": action.seat,
            "action": action.action,
            "actor": action.actor,
            "at": action.created_at,
        },
        "views": [_watching(at_step, seat) for seat in range(len(at_step.seats))],
        "spectator": _watching(at_step, None),
    }


def _watching(at_step: LoadedMatch, seat: int | None) -> dict[str, Any]:
    """A seat's envelope at that step, with nothing to click: a replay is watched."""
    return {**envelope(at_step, seat, {}), "legal_actions": []}

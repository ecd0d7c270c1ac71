"""Where a tutorial match stands in its game's script, found from the match's state alone.

A tutorial match is dealt from its script's seed and every move is the script's, so the state
after n steps is always the same: the script's states are walked once per game and kept, and
a match's place is the step whose state it equals. A state that matches none has left the
script (a move sent over the API the coach would have refused): the coach says so, and the
bot plays the game's standard strategy from there.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from app.games import GAMES
from app.games.protocol import Action
from app.games.tutorial import Tutorial, walk

TUTORIAL_BOT = "tutorial"
"""The strategy name a tutorial's bot seats carry: it plays the script's moves."""

FALLBACK_BOT = "standard"
"""What plays the bot seats once the script is over or left (every game has it)."""


def tutorial_of(game: str) -> Tutorial | None:
    known = GAMES.get(game)
    return known.tutorial if known is not None else None


@cache
def _states(game: str) -> tuple[str, ...]:
    """The script's states in order, encoded: step i's is the table before step i is played."""
    known = GAMES[game]
    return tuple(_key(known.engine.encode(w.state)) for w in walk(known.engine, known.tutorial))


def _key(encoded: Any) -> str:
    return json.dumps(encoded, sort_keys=True, separators=(",", ":"))


def position(game: str, encoded_state: Any) -> int | None:
    """The index of the next step (len(steps) once all are played), or None off the script."""
    key = _key(encoded_state)
    states = _states(game)
    # The newest match is most often far along: look from the end.
    for index in range(len(states) - 1, -1, -1):
        if states[index] == key:
            return index
    return None


def scripted_move(game: str, encoded_state: Any, seat: int) -> Action | None:
    """The script's move for `seat` now; None when the script waits for another seat, and
    also None once the script is over or left (the fallback bot takes over then)."""
    tutorial = tutorial_of(game)
    index = position(game, encoded_state)
    if tutorial is None or index is None or index >= len(tutorial.steps):
        return None
    step = tutorial.steps[index]
    return step.action if step.seat == seat else None


def on_script(game: str, encoded_state: Any) -> bool:
    tutorial = tutorial_of(game)
    index = position(game, encoded_state)
    return tutorial is not None and index is not None and index < len(tutorial.steps)

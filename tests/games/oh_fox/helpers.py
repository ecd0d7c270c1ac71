"""Hand-made states for the scenario tests.

Rows are written in a short code, one token per turn: "1N" single north, "2E" double east,
"X" stop, "MW" move-stop west, "TS" trigger south. Seat 0 is red (home r0c1), seat 1 blue
(r1c3), seat 2 green (r3c2), seat 3 yellow (r2c0). The house board (RULINGS.md):

          c0           c1            c2            c3
    r0  nuts/purple  berries/RED   clover        bugs/orange
    r1  berries      nuts/HEALING  bugs          clover/BLUE
    r2  bugs/YELLOW  clover/orange berries/purple nuts
    r3  clover       bugs          nuts/GREEN    berries
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.oh_fox import ENGINE
from app.games.oh_fox.data import ANIMALS, TURNS
from app.games.oh_fox.data_board import Space, parse_space
from app.games.oh_fox.scoring_reckoning import Reckoning, reckon
from app.games.oh_fox.state import GUESS, OVER, PROGRAM, OhFoxState, Play

_CARDS = {"1": "single", "2": "double", "M": "move_stop", "T": "trigger"}
_DIRECTIONS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def play(token: str) -> Play:
    if token == "X":
        return Play("stop", None)
    return Play(_CARDS[token[0]], _DIRECTIONS[token[1]])


def row(text: str) -> tuple[Play, ...]:
    return tuple(play(token) for token in text.split())


def sp(text: str) -> Space:
    space = parse_space(text)
    assert space is not None, text
    return space


def run(identities: Sequence[str], *rows: str) -> Reckoning:
    """Execute the given rows (any equal number of turns) from the homes."""
    return reckon(tuple(identities), tuple(row(r) for r in rows))


def make_state(
    identities: Sequence[str],
    rows: Sequence[str] | None = None,
    *,
    animals: Sequence[str] | None = None,
    objectives: Sequence[str] = (),
    masked: bool = False,
    pending: Sequence[Play | None] | None = None,
    guesses: Sequence[str | None] | None = None,
    phase: str | None = None,
    seed: int = 12345,
) -> OhFoxState:
    """A state built directly: the given identities and rows, everything else defaulted."""
    players = len(identities)
    played = tuple(row(r) for r in rows) if rows else tuple(() for _ in range(players))
    shown = set(animals or ()) | set(identities)
    if phase is None:
        phase = PROGRAM if len(played[0]) < TURNS else GUESS
    return OhFoxState(
        players=players,
        seed=seed,
        masked=masked,
        animals=tuple(a for a in ANIMALS if a in shown),
        objectives=tuple(objectives),
        identities=tuple(identities),
        rows=played,
        pending=tuple(pending) if pending else (None,) * players,
        marks=(None,) * players,
        guesses=tuple(guesses) if guesses else (None,) * players,
        phase=phase,
    )


def finished(
    identities: Sequence[str],
    rows: Sequence[str],
    *,
    guesses: Sequence[str | None] | None = None,
    objectives: Sequence[str] = (),
) -> OhFoxState:
    """A finished match; by default the predator guessed everyone right."""
    if guesses is None:
        guesses = [None if a in ("badger", "fox", "owl", "viper") else a for a in identities]
    return make_state(identities, rows, objectives=objectives, guesses=guesses, phase=OVER)


def apply_all(state: OhFoxState, moves: Sequence[tuple[int, dict[str, Any]]]) -> OhFoxState:
    for seat, action in moves:
        state = ENGINE.apply(state, seat, action).state
    return state


def attacks_by_turn(reckoning: Reckoning) -> dict[int, list[tuple[int, str, bool]]]:
    """{turn: [(prey seat, space or "from>to", halfway)]} for turns with attacks."""
    found: dict[int, list[tuple[int, str, bool]]] = {}
    for record in reckoning.turns:
        for attacks in record.attacks:
            for a in attacks:
                where = f"r{a.end[0]}c{a.end[1]}"
                if a.halfway:
                    where = f"r{a.start[0]}c{a.start[1]}>{where}"
                found.setdefault(record.turn, []).append((a.prey, where, a.halfway))
    return found

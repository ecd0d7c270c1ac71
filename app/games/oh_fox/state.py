"""The match state, small queries on it, and its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.games.oh_fox.board import Space, home_of, parse_space, space_id
from app.games.oh_fox.data import (
    CARD_COUNTS,
    CARD_TYPES,
    COLOURS,
    NO_TRIGGER_TURN,
    PREDATORS,
    PREY,
    TURNS,
)

PROGRAM = "program"  # the eight simultaneous turns
GUESS = "guess"  # the predator guesses every other identity
OVER = "over"  # identities revealed, the turns executed, scores final
PHASES = (PROGRAM, GUESS, OVER)


@dataclass(frozen=True, slots=True)
class Play:
    """One action card as placed in a row: its type and, except for a stop, its direction."""

    card: str
    direction: str | None


# Not slotted: `evolve` copies the state (several times per action) through its __dict__.
@dataclass(frozen=True)
class OhFoxState:
    players: int
    seed: int
    masked: bool
    """Masked Predator: nobody knows who the predator is, and the pawns stay in the box."""
    animals: tuple[str, ...]
    """The animal cards face up beside the board, predators first."""
    objectives: tuple[str, ...]
    identities: tuple[str, ...]
    """The identity card of each seat (secret to everyone else until the end)."""
    rows: tuple[tuple[Play, ...], ...]
    """Each seat's public row of revealed action cards, turn 1 first."""
    pending: tuple[Play | None, ...]
    """This turn's secret choices, revealed together once every seat has chosen."""
    marks: tuple[Space | None, ...]
    """Where the predator has placed each other player's pawn (its private memory aid)."""
    guesses: tuple[str | None, ...]
    """The predator's guess for each other seat, made after turn 8."""
    phase: str


# ----------------------------------------------------------------------------- queries


def colour_of(seat: int) -> str:
    return COLOURS[seat]


def home_space(seat: int) -> Space:
    return home_of(colour_of(seat))


def is_predator_animal(animal: str) -> bool:
    return animal in PREDATORS


def predator_seat(state: OhFoxState) -> int:
    return next(s for s, a in enumerate(state.identities) if is_predator_animal(a))


def prey_seats(state: OhFoxState) -> tuple[int, ...]:
    return tuple(s for s in range(state.players) if s != predator_seat(state))


def shown_predators(state: OhFoxState) -> tuple[str, ...]:
    return tuple(a for a in state.animals if a in PREDATORS)


def shown_prey(state: OhFoxState) -> tuple[str, ...]:
    return tuple(a for a in state.animals if a in PREY)


def current_turn(state: OhFoxState) -> int:
    """The turn being chosen (1-8); TURNS once all eight are played."""
    return min(len(state.rows[0]) + 1, TURNS)


def hand_counts(state: OhFoxState, seat: int) -> dict[str, int]:
    """Cards left in hand. Every hand starts the same and played cards are public, so hands are
    public too; a pending choice is not subtracted, or the hand would give it away."""
    counts = dict(CARD_COUNTS)
    for play in state.rows[seat]:
        counts[play.card] -= 1
    return {card: counts[card] for card in CARD_TYPES}


def first_trigger_turn(row: tuple[Play, ...]) -> int:
    """The turn of the first trigger card (the first tie-break); NO_TRIGGER_TURN if none."""
    for turn, play in enumerate(row, start=1):
        if play.card == "trigger":
            return turn
    return NO_TRIGGER_TURN


def predator_is_public(state: OhFoxState) -> bool:
    """The predator token shows who it is, except with Masked Predator until the guessing."""
    return not state.masked or state.phase != PROGRAM


def next_guess_seat(state: OhFoxState) -> int:
    """The predator guesses the other players in seat order."""
    predator = predator_seat(state)
    return next(s for s in range(state.players) if s != predator and state.guesses[s] is None)


def to_act(state: OhFoxState) -> tuple[int, ...]:
    if state.phase == PROGRAM:
        return tuple(s for s in range(state.players) if state.pending[s] is None)
    if state.phase == GUESS:
        return (predator_seat(state),)
    return ()


# ----------------------------------------------------------------------------- JSON


def _play_json(play: Play) -> list[Any]:
    return [play.card, play.direction]


def _play_from(data: Any) -> Play:
    card, direction = data
    return Play(str(card), None if direction is None else str(direction))


def encode(state: OhFoxState) -> dict[str, Any]:
    return {
        "players": state.players,
        "seed": state.seed,
        "masked": state.masked,
        "animals": list(state.animals),
        "objectives": list(state.objectives),
        "identities": list(state.identities),
        "rows": [[_play_json(p) for p in row] for row in state.rows],
        "pending": [None if p is None else _play_json(p) for p in state.pending],
        "marks": [None if m is None else space_id(m) for m in state.marks],
        "guesses": list(state.guesses),
        "phase": state.phase,
    }


def _mark_from(data: Any) -> Space | None:
    if data is None:
        return None
    space = parse_space(str(data))
    if space is None:
        raise ValueError(f"bad mark {data!r}")
    return space


def decode(data: Mapping[str, Any]) -> OhFoxState:
    if data["phase"] not in PHASES:
        raise ValueError(f"bad phase {data['phase']!r}")
    return OhFoxState(
        players=int(data["players"]),
        seed=int(data["seed"]),
        masked=bool(data["masked"]),
        animals=tuple(str(a) for a in data["animals"]),
        objectives=tuple(str(o) for o in data["objectives"]),
        identities=tuple(str(i) for i in data["identities"]),
        rows=tuple(tuple(_play_from(p) for p in row) for row in data["rows"]),
        pending=tuple(None if p is None else _play_from(p) for p in data["pending"]),
        marks=tuple(_mark_from(m) for m in data["marks"]),
        guesses=tuple(None if g is None else str(g) for g in data["guesses"]),
        phase=str(data["phase"]),
    )

"""The match state and small queries on it (stored by app.games.codec)."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.games.codec import custom, json_array
from app.games.oh_fox.data import (
    CARD_COUNTS,
    CARD_TYPES,
    COLOURS,
    NO_TRIGGER_TURN,
    PREDATORS,
    PREY,
    TURNS,
)
from app.games.oh_fox.data_board import Space, home_of, parse_space, space_id

PROGRAM = "program"  # the eight simultaneous turns
GUESS = "guess"  # the predator guesses every other identity
OVER = "over"  # identities revealed, the turns executed, scores final
PHASES = (PROGRAM, GUESS, OVER)


# ----------------------------------------------------------------------------- JSON form of marks


def _marks_json(marks: tuple[Space | None, ...]) -> list[str | None]:
    """Marks are stored as the board ids players know ("r1c2"), not as [row, col] pairs."""
    return [None if mark is None else space_id(mark) for mark in marks]


def _marks_from(data: list[str | None]) -> tuple[Space | None, ...]:
    return tuple(None if mark is None else _space_from(mark) for mark in data)


def _space_from(text: str) -> Space:
    space = parse_space(text)
    if space is None:
        raise ValueError(f"bad mark {text!r}")
    return space


@json_array
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
    marks: tuple[Space | None, ...] = field(metadata=custom(_marks_json, _marks_from))
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

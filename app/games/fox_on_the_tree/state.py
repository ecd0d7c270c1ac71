"""The state of a Fox on the Tree match (stored by app.games.codec) and small queries on it."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.games.codec import json_array, stored_as
from app.games.fox_on_the_tree.data import (
    ANIMAL_INDEX,
    ANIMALS,
    CARDS,
    OFF_BOARD,
    TILE_COUNT,
    TRACK_SIZE,
    Card,
    course,
    team_of,
)
from app.games.frozen import evolve

# Phases: the kind of decision the match waits for (who is to act, which actions are due).
TURN = "turn"  # the active player may play a token, then rescue or move
AFTER_TOKEN = "after_token"  # a token is played: now a rescue or a move
ESCAPE_QUESTION = "escape_question"  # an animal is about to be eliminated: others may save it
OVER = "over"
PHASES: tuple[str, ...] = (TURN, AFTER_TOKEN, ESCAPE_QUESTION, OVER)


@dataclass(frozen=True, slots=True)
class Pending:
    """An animal about to be eliminated, and the seats still to be asked, in order.

    The first seat of `asking` is the one being asked now; a decline drops it.
    """

    animal: str
    asking: tuple[int, ...]


@json_array
@dataclass(frozen=True, slots=True)
class Moved:
    """An animal moved on the path in the last turn, and the tile it came from."""

    animal: str
    origin: int


@dataclass(frozen=True, slots=True)
class LastMove:
    """What the last turn changed on the path (public: every player watched it happen): the
    animals it moved that still stand on the path, and the tile where it laid a token that
    still lies there. Kept in the state so that a table opened later, or drawn again after a
    reload, shows it as the players saw it (see rules_last_move.py)."""

    seat: int
    """Whose turn it was (an Escape answered by another seat is part of that turn)."""
    moved: tuple[Moved, ...] = ()
    laid: int | None = None


# Not slotted: `evolve` copies the state (several times per action) through its __dict__.
@dataclass(frozen=True)
class State:
    players: int
    seed: int
    cards: tuple[int, ...]
    """Card number per seat: secret to everyone but its owner until the end."""
    half: int = field(metadata=stored_as("phase"))
    """The rulebook's First (1) or Second (2) Phase; stored, and shown in the view, as "phase"."""
    positions: tuple[int, ...]
    """Tile of each animal in ANIMALS order; OFF_BOARD once it is done for this half."""
    tile_tokens: tuple[str, ...]
    """One entry per tile: "" or the action token lying there ("banana", "swamp")."""
    held: tuple[tuple[str, ...], ...]
    """Per seat, the action tokens still in front of the player (ACTION_TOKENS order)."""
    track: tuple[tuple[str, ...], ...]
    """Per half, the animal by each number 1-8 of the scoring track ("" while free)."""
    losses: tuple[int, ...]
    """Per half, how many animals were eliminated: they hold numbers 1..losses, since an
    elimination takes the lowest free number and an arrival the highest."""
    active: int
    phase: str = field(metadata=stored_as("stage"))
    """One of PHASES; stored, and shown in the view, as "stage" (its name before the engines
    shared one vocabulary)."""
    pending: Pending | None = None
    turn: int = 1
    last_move: LastMove | None = None
    """None before the first turn of each phase; added after the first release (a match
    stored before it reads None here until its next turn)."""


# --------------------------------------------------------------------------- queries


def pending_of(state: State) -> Pending:
    """The open Escape question; asking for it outside that phase is a bug, so fail loudly."""
    if state.pending is None:
        raise ValueError("no Escape question is open")
    return state.pending


def card_of(state: State, seat: int) -> Card:
    return CARDS[state.cards[seat]]


def position(state: State, animal: str) -> int:
    return state.positions[ANIMAL_INDEX[animal]]


def is_occupied(state: State, tile: int) -> bool:
    """Whether any animal stands on `tile` (OFF_BOARD is no tile, so it never matches)."""
    return tile in state.positions


def animals_on(state: State, tile: int) -> tuple[str, ...]:
    if tile not in state.positions:
        return ()  # most tiles are empty: skip building the list
    return tuple(a for a, at in zip(ANIMALS, state.positions, strict=True) if at == tile)


def team_on(state: State, tile: int, team: str) -> tuple[str, ...]:
    return tuple(a for a in animals_on(state, tile) if team_of(a) == team)


def on_board(state: State) -> tuple[str, ...]:
    return tuple(a for a, at in zip(ANIMALS, state.positions, strict=True) if at != OFF_BOARD)


def is_on_tile(tile: int) -> bool:
    return 0 <= tile < TILE_COUNT


def start_of(state: State, animal: str) -> int:
    return course(state.half, animal).start


def final_of(state: State, animal: str) -> int:
    return course(state.half, animal).final


def step_of(state: State, animal: str) -> int:
    return course(state.half, animal).step


def is_over(state: State) -> bool:
    """The one test that the match is over."""
    return state.phase == OVER


def points(state: State, animal: str) -> tuple[int, ...]:
    """The track number the animal earned in each half so far (0 while not placed)."""
    return tuple(ring.index(animal) + 1 if animal in ring else 0 for ring in state.track)


# --------------------------------------------------------------------------- updates


def with_position(state: State, animal: str, tile: int) -> State:
    positions = list(state.positions)
    positions[ANIMAL_INDEX[animal]] = tile
    return evolve(state, positions=tuple(positions))


def with_tile_token(state: State, tile: int, token: str) -> State:
    tokens = list(state.tile_tokens)
    tokens[tile] = token
    return evolve(state, tile_tokens=tuple(tokens))


def without_held(state: State, seat: int, token: str) -> State:
    held = list(state.held)
    held[seat] = tuple(t for t in held[seat] if t != token)
    return evolve(state, held=tuple(held))


def on_track(state: State, animal: str, lowest: bool) -> State:
    """Place a finished animal by the lowest (eliminated) or highest (arrived) free number."""
    half = state.half - 1
    ring = list(state.track[half])
    free = [i for i in range(TRACK_SIZE) if not ring[i]]
    ring[free[0] if lowest else free[-1]] = animal
    track = list(state.track)
    track[half] = tuple(ring)
    losses = list(state.losses)
    losses[half] += 1 if lowest else 0
    placed = evolve(state, track=tuple(track), losses=tuple(losses))
    return with_position(placed, animal, OFF_BOARD)


def fate(state: State, half: int, animal: str) -> str:
    """ "eliminated", "arrived" or "" (still running, or that half is yet to come)."""
    ring = state.track[half - 1]
    if not animal or animal not in ring:
        return ""
    return "eliminated" if ring.index(animal) < state.losses[half - 1] else "arrived"

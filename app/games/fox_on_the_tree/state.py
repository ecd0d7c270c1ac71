"""The state of a Fox on the Tree match (stored by app.games.codec) and small queries on it."""

from __future__ import annotations

from dataclasses import dataclass

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

# Stages of play: who is to act and which actions are due.
TURN = "turn"  # the active player may play a token, then rescue or move
AFTER_TOKEN = "after_token"  # a token is played: now a rescue or a move
ESCAPE_QUESTION = "escape_question"  # an animal is about to be eliminated: others may save it
OVER = "over"
STAGES: tuple[str, ...] = (TURN, AFTER_TOKEN, ESCAPE_QUESTION, OVER)


@dataclass(frozen=True, slots=True)
class Pending:
    """An animal about to be eliminated, and the seats still to be asked, in order.

    The first seat of `asking` is the one being asked now; a decline drops it.
    """

    animal: str
    asking: tuple[int, ...]


# Not slotted: `evolve` copies the state (several times per action) through its __dict__.
@dataclass(frozen=True)
class State:
    players: int
    seed: int
    cards: tuple[int, ...]
    """Card number per seat: secret to everyone but its owner until the end."""
    phase: int
    positions: tuple[int, ...]
    """Tile of each animal in ANIMALS order; OFF_BOARD once it is done for this phase."""
    tile_tokens: tuple[str, ...]
    """One entry per tile: "" or the action token lying there ("banana", "swamp")."""
    held: tuple[tuple[str, ...], ...]
    """Per seat, the action tokens still in front of the player (ACTION_TOKENS order)."""
    track: tuple[tuple[str, ...], ...]
    """Per phase, the animal by each number 1-8 of the scoring track ("" while free)."""
    losses: tuple[int, ...]
    """Per phase, how many animals were eliminated: they hold numbers 1..losses, since an
    elimination takes the lowest free number and an arrival the highest."""
    active: int
    stage: str
    pending: Pending | None = None
    turn: int = 1


# --------------------------------------------------------------------------- queries


def pending_of(state: State) -> Pending:
    """The open Escape question; asking for it outside that stage is a bug, so fail loudly."""
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
    return course(state.phase, animal).start


def final_of(state: State, animal: str) -> int:
    return course(state.phase, animal).final


def step_of(state: State, animal: str) -> int:
    return course(state.phase, animal).step


def is_over(state: State) -> bool:
    return state.stage == OVER


def points(state: State, animal: str) -> tuple[int, ...]:
    """The track number the animal earned in each phase so far (0 while not placed)."""
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
    phase = state.phase - 1
    ring = list(state.track[phase])
    free = [i for i in range(TRACK_SIZE) if not ring[i]]
    ring[free[0] if lowest else free[-1]] = animal
    track = list(state.track)
    track[phase] = tuple(ring)
    losses = list(state.losses)
    losses[phase] += 1 if lowest else 0
    placed = evolve(state, track=tuple(track), losses=tuple(losses))
    return with_position(placed, animal, OFF_BOARD)


def fate(state: State, phase: int, animal: str) -> str:
    """ "eliminated", "arrived" or "" (still running, or that phase is yet to come)."""
    ring = state.track[phase - 1]
    if not animal or animal not in ring:
        return ""
    return "eliminated" if ring.index(animal) < state.losses[phase - 1] else "arrived"

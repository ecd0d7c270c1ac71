"""Hand-made Fox on the Tree states and small shortcuts for scenario tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.games.fox_on_the_tree import ENGINE
from app.games.fox_on_the_tree.data import ACTION_TOKENS, ANIMALS, OFF_BOARD, TILE_COUNT, TRACK_SIZE
from app.games.fox_on_the_tree.state import TURN, Pending, State, position


def make_state(
    *,
    at: Mapping[str, int],
    players: int = 3,
    half: int = 1,
    tokens: Mapping[int, str] | None = None,
    held: Sequence[Sequence[str]] | None = None,
    track: Sequence[Sequence[str]] | None = None,
    losses: Sequence[int] = (0, 0),
    active: int = 0,
    phase: str = TURN,
    pending: Pending | None = None,
    cards: Sequence[int] | None = None,
    turn: int = 1,
) -> State:
    """A state with exactly the animals of `at` on the board (the others are off it).

    `tokens` maps a tile to "banana" or "swamp"; every player holds all three action tokens
    unless `held` says otherwise; the scoring track is empty unless given.
    """
    tile_tokens = [""] * TILE_COUNT
    for tile, token in (tokens or {}).items():
        tile_tokens[tile] = token
    return State(
        players=players,
        seed=12345,
        cards=tuple(cards or range(1, players + 1)),
        half=half,
        positions=tuple(at.get(animal, OFF_BOARD) for animal in ANIMALS),
        tile_tokens=tuple(tile_tokens),
        held=tuple(tuple(h) for h in held) if held is not None else (ACTION_TOKENS,) * players,
        track=tuple(tuple(ring) for ring in track) if track else (("",) * TRACK_SIZE,) * 2,
        losses=tuple(losses),
        active=active,
        phase=phase,
        pending=pending,
        turn=turn,
    )


def ring(*animals: str) -> tuple[str, ...]:
    """A track ring from numbers 1.. upward; pad with "" for free numbers."""
    return tuple(animals) + ("",) * (TRACK_SIZE - len(animals))


def act(state: State, seat: int, action: Mapping[str, Any]) -> State:
    return ENGINE.apply(state, seat, action).state


def act_log(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[str]]:
    transition = ENGINE.apply(state, seat, action)
    return transition.state, [entry.text for entry in transition.log]


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    return [dict(action) for action in ENGINE.legal_actions(state, seat)]


def legal_of(state: State, seat: int, kind: str) -> list[dict[str, Any]]:
    return [action for action in legal(state, seat) if action["type"] == kind]


def move_targets(state: State, animal: str, seat: int | None = None) -> list[int]:
    """Tiles listed for moving `animal` by the seat to act."""
    actor = state.active if seat is None else seat
    return [a["to"] for a in legal_of(state, actor, "move") if a["animal"] == animal]


def move(state: State, animal: str, to: int, seat: int | None = None) -> State:
    actor = state.active if seat is None else seat
    return act(state, actor, {"type": "move", "animal": animal, "to": to})


def where(state: State, animal: str) -> int:
    return position(state, animal)

"""Build Duet states by hand and act on them through the engine contract."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app.games.fox_in_the_forest_duet import ENGINE
from app.games.fox_in_the_forest_duet.data import DECK, LEVELS
from app.games.fox_in_the_forest_duet.rules_tricks import sorted_cards
from app.games.fox_in_the_forest_duet.state import PLAY, Play, State, initial_supply
from app.games.protocol import IllegalAction, LogEntry

SEED = 1234


def make_state(
    hand0: Sequence[str] = (),
    hand1: Sequence[str] = (),
    *,
    decree: str = "stars-4",
    trick: Sequence[tuple[int, str]] = (),
    level: int = 1,
    **fields: Any,
) -> State:
    """A state in the play phase with the given hands; everything else from the level's
    setup unless overridden (the draw pile holds the cards nobody else has)."""
    used = {*hand0, *hand1, decree, *(card for _, card in trick)}
    deck = tuple(card for card in DECK if card not in used)[:7]
    base = State(
        seed=SEED,
        level=level,
        round=1,
        trick_no=1,
        dealer=1,
        leader=trick[0][0] if trick else 0,
        phase=PLAY,
        hands=(sorted_cards(hand0), sorted_cards(hand1)),
        deck=deck,
        decree=decree,
        trick=tuple(Play(seat, card) for seat, card in trick),
        gems=LEVELS[level].side.gems,
        supply=initial_supply(level),
    )
    return replace(base, **fields)


def act(state: State, seat: int, kind: str, /, **fields: Any) -> tuple[State, tuple[LogEntry, ...]]:
    transition = ENGINE.apply(state, seat, {"type": kind, **fields})
    return transition.state, transition.log


def play(state: State, seat: int, card: str) -> State:
    return act(state, seat, "play", card=card)[0]


def refusal(state: State, seat: int, action: Any) -> IllegalAction:
    try:
        ENGINE.apply(state, seat, action)
    except IllegalAction as refused:
        return refused
    raise AssertionError(f"{action!r} was accepted")


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    return [dict(action) for action in ENGINE.legal_actions(state, seat)]


def texts(log: Sequence[LogEntry], viewer: int | None = None) -> str:
    return "\n".join(e.text for e in log if e.audience is None or e.audience == viewer)


def gems(*pairs: tuple[int, int]) -> tuple[int, ...]:
    """A gem row of 11 spaces, empty except for (space, count) pairs."""
    row = [0] * 11
    for space, count in pairs:
        row[space] = count
    return tuple(row)

"""Build Fox in the Forest states by hand, so each scenario test sets up exactly its rule."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.data_cards import suit_cards
from app.games.fox_in_the_forest.state import Options, Play, State, Step, Trick
from app.games.protocol import Action, LogEntry

SEED = 12345


def make_state(
    hand0: Iterable[str],
    hand1: Iterable[str],
    *,
    decree: str = "moons-6",
    deck: Iterable[str] | None = None,
    leader: int = 0,
    dealer: int | None = None,
    lead: Play | None = None,
    scores: tuple[int, int] = (0, 0),
    won: tuple[int, int] = (0, 0),
    options: Options | None = None,
    specials: tuple[str, ...] = (),
    step: Step | None = None,
    round_start: tuple[int, int] | None = None,
    known: tuple[tuple[str, ...], ...] = ((), (), ()),
) -> State:
    """A state in the middle of a round.

    `won` gives how many tricks each seat has already won this round (filler tricks); the
    deck defaults to every suit card that is not in a hand or the decree, in a fixed order.
    `known` is `State.known`: what seat 0, seat 1 and everyone watching know of hidden cards.
    """
    hands = (tuple(hand0), tuple(hand1))
    used = {*hands[0], *hands[1], decree}
    if deck is None:
        deck = [card for card in suit_cards() if card not in used][:6]
    options = options or Options()
    next_seat = (1 - leader) if lead is not None else leader
    return State(
        seed=SEED,
        options=options,
        specials=specials,
        box=(),
        scores=scores,
        round_no=1,
        dealer=(1 - leader) if dealer is None else dealer,
        hands=hands,
        deck=tuple(deck),
        decree=decree,
        leader=leader,
        lead=lead,
        follow=None,
        tricks=_filler_tricks(won, decree),
        step=step or Step("play", next_seat),
        known=known,
        round_start=round_start or scores,
        history=(),
        chance=0,
    )


def _filler_tricks(won: tuple[int, int], decree: str) -> tuple[Trick, ...]:
    """Tricks already played this round; their cards do not matter to the rules tested."""
    return tuple(
        Trick(
            seat,
            seat,
            (Play(seat, "keys-4"), Play(1 - seat, "keys-2")),
            ("keys-4", "keys-2"),
            decree,
        )
        for seat in (0, 1)
        for _ in range(won[seat])
    )


def act(state: State, seat: int, kind: str, **fields: Any) -> State:
    return ENGINE.apply(state, seat, {"type": kind, **fields}).state


def act_log(
    state: State, seat: int, kind: str, **fields: Any
) -> tuple[State, tuple[LogEntry, ...]]:
    transition = ENGINE.apply(state, seat, {"type": kind, **fields})
    return transition.state, transition.log


def play(state: State, seat: int, card: str) -> State:
    return act(state, seat, "play", card=card)


def trick(state: State, lead: str, follow: str) -> State:
    """The leader plays `lead`, then the other seat `follow`; returns the state afterwards."""
    leader = state.leader
    state = play(state, leader, lead)
    return play(state, 1 - leader, follow)


def playable(state: State, seat: int) -> set[str]:
    return {a["card"] for a in ENGINE.legal_actions(state, seat) if a["type"] == "play"}


def last_winner(state: State) -> int:
    return state.tricks[-1].winner


def views_after(state: State, seat: int, actions: Iterable[Action], viewer: int | None) -> set[str]:
    """The distinct views `viewer` gets after each of `seat`'s `actions` (one: it cannot tell)."""
    return {
        json.dumps(ENGINE.view(ENGINE.apply(state, seat, action).state, viewer), sort_keys=True)
        for action in actions
    }


def known_hand(state: State, viewer: int | None, seat: int) -> list[str]:
    """The cards of `seat`'s hand that `viewer`'s view says it knows."""
    return [card["id"] for card in ENGINE.view(state, viewer)["known"]["hands"][seat]]


def known_deck(state: State, viewer: int | None) -> list[tuple[str, int]]:
    """(card, place from the bottom) for every deck card `viewer`'s view says it knows."""
    return [
        (k["card"]["id"], k["from_bottom"]) for k in ENGINE.view(state, viewer)["known"]["deck"]
    ]


def with_step(state: State, step: Step) -> State:
    return replace(state, step=step)

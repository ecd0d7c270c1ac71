"""What is hidden from whom, and re-dealing it for a viewer (leak check, searching bots).

Hidden until the end: every identity card (its owner knows it; the undealt ones nobody), and
which seat is the predator with Masked Predator (until the guessing starts). Hidden for a
turn: each seat's chosen card until all have chosen. Hidden always: the predator's pawn marks.
Hands are not hidden: every player starts with the same 13 cards and played cards are public.
"""

from __future__ import annotations

import random

from app.games.frozen import evolve
from app.games.oh_fox.rules import legal_plays
from app.games.oh_fox.state import (
    OVER,
    PROGRAM,
    OhFoxState,
    Play,
    predator_is_public,
    predator_seat,
    shown_predators,
    shown_prey,
)
from app.games.oh_fox.view import identity_card
from app.games.protocol import Secret
from app.games.rng import SEED_BITS, pick, sample


def secrets(state: OhFoxState) -> list[Secret]:
    if state.phase == OVER:
        return []
    dealt = [Secret(identity_card(a), (s,)) for s, a in enumerate(state.identities)]
    undealt = [Secret(identity_card(a), ()) for a in state.animals if a not in state.identities]
    return dealt + undealt


def _redeal_identities(
    state: OhFoxState, viewer: int | None, rng: random.Random
) -> tuple[str, ...]:
    """New identities that `viewer` cannot tell apart: its own card and, where public, the
    predator's seat are kept; everything else is drawn again from the animal cards shown."""
    known_predator = predator_is_public(state) or viewer == predator_seat(state)
    others = [s for s in range(state.players) if s != viewer]
    predator = predator_seat(state) if known_predator else pick(rng, others)
    identities = list(state.identities)
    if viewer != predator:
        identities[predator] = pick(rng, shown_predators(state))
    prey_seats = [s for s in others if s != predator]
    own = state.identities[viewer] if viewer is not None else None
    pool = [a for a in shown_prey(state) if a != own]
    for seat, animal in zip(prey_seats, sample(rng, pool, len(prey_seats)), strict=True):
        identities[seat] = animal
    return tuple(identities)


def _redeal_pending(
    state: OhFoxState, viewer: int | None, rng: random.Random
) -> tuple[Play | None, ...]:
    """Another seat's secret choice becomes any card it could have chosen."""
    pending: list[Play | None] = []
    for seat, play in enumerate(state.pending):
        if play is None or seat == viewer:
            pending.append(play)
            continue
        action = pick(rng, legal_plays(state, seat))
        pending.append(Play(action["card"], action.get("direction")))
    return tuple(pending)


def determinize(state: OhFoxState, viewer: int | None, rng: random.Random) -> OhFoxState:
    seed = int(rng.random() * (1 << SEED_BITS))
    if state.phase == OVER:
        return evolve(state, seed=seed)
    identities = _redeal_identities(state, viewer, rng)
    twin = evolve(state, identities=identities, seed=seed)
    if state.phase == PROGRAM:
        twin = evolve(twin, pending=_redeal_pending(state, viewer, rng))
    if viewer is None or viewer != predator_seat(state):
        # The marks are the predator's private notes: anyone else sees none of them.
        twin = evolve(twin, marks=(None,) * state.players)
    return twin


def forgotten_before(state: OhFoxState) -> int:
    return 0  # no memory rule: the whole log stays readable

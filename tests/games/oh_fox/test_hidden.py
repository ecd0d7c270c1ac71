"""Nobody learns another's identity or unrevealed choice before the rules allow it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games.oh_fox import ENGINE
from app.games.oh_fox.state import predator_seat
from tests.games import conformance as c
from tests.games.oh_fox.helpers import make_state

# Every variant alone and together, for every player count (the shared suite's option sets
# try each option alone; these add the combinations).
VARIANTS: list[dict[str, Any]] = [
    {},
    {"masked_predator": True},
    {"animal_cards": "tough_nut"},
    {"animal_cards": "completely_nuts", "masked_predator": True},
    {"animal_cards": "completely_nuts_prey_only", "objectives": "none"},
    {"masked_predator": True, "picked_objectives": ["swimmer"], "picked_animals": ["owl"]},
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("raw", VARIANTS, ids=lambda raw: "+".join(raw) or "default")
def test_leak_check_over_every_step_of_random_matches(players: int, raw: dict[str, Any]) -> None:
    options = ENGINE.check_options(raw, players)
    rng = random.Random(players)
    for _ in range(2):
        seed = rng.getrandbits(63)  # a seed long enough never to match a number in a view
        playout = c.random_playout(ENGINE, players, options, seed)
        c.check_no_leak(ENGINE, playout.initial, (), players, seed, rng)
        for step in playout.steps:
            if step.action["type"] in ("mark", "unmark") and rng.random() < 0.8:
                continue  # keep the run short: marks change little
            c.check_no_leak(ENGINE, step.state, step.log, players, seed, rng)
        assert ENGINE.outcome(playout.final) is not None


def test_determinize_keeps_what_the_viewer_knows() -> None:
    state = make_state(("squirrel", "fox", "rabbit"), animals=("owl", "toad", "rat"))
    state = ENGINE.apply(state, 0, {"type": "play", "card": "stop"}).state
    state = ENGINE.apply(state, 2, {"type": "play", "card": "double", "direction": "east"}).state
    rng = random.Random(5)
    seen_identities = set()
    seen_choices = set()
    for _ in range(60):
        twin = ENGINE.determinize(state, 0, rng)
        assert twin.identities[0] == "squirrel"  # its own card
        assert predator_seat(twin) == 1  # the predator token is public
        assert twin.identities[1] in ("fox", "owl")
        assert twin.pending[0] == state.pending[0]
        assert twin.pending[1] is None  # seat 1 has not chosen
        assert twin.seed != state.seed
        seen_identities.add(twin.identities)
        seen_choices.add(twin.pending[2])
    assert len(seen_identities) > 3
    assert len(seen_choices) > 3


def test_determinize_with_masked_predator_moves_the_predator_too() -> None:
    state = make_state(("squirrel", "fox", "rabbit"), masked=True)
    rng = random.Random(9)
    predators = {predator_seat(ENGINE.determinize(state, 0, rng)) for _ in range(40)}
    assert predators == {1, 2}
    # The predator itself knows that everyone else is prey.
    assert {predator_seat(ENGINE.determinize(state, 1, rng)) for _ in range(20)} == {1}


def test_the_predators_marks_are_not_re_dealt_for_the_predator_only() -> None:
    state = make_state(("squirrel", "fox"))
    state = ENGINE.apply(state, 1, {"type": "mark", "seat": 0, "space": "r3c3"}).state
    rng = random.Random(1)
    assert ENGINE.determinize(state, 1, rng).marks == state.marks
    assert ENGINE.determinize(state, 0, rng).marks == (None, None)


def test_secrets_name_every_identity_card_until_the_end() -> None:
    state = make_state(("squirrel", "fox"), animals=("owl", "rat", "toad"))
    secrets = {(s.value, s.known_to) for s in ENGINE.secrets(state)}
    assert secrets == {
        ("identity-squirrel", (0,)),
        ("identity-fox", (1,)),
        ("identity-owl", ()),
        ("identity-rat", ()),
        ("identity-toad", ()),
    }
    assert ENGINE.view(state, 0)["you"]["identity_card"] == "identity-squirrel"


def test_no_view_names_another_seats_animal_before_the_end() -> None:
    state = make_state(("squirrel", "fox", "rabbit"), ("TN 2E", "1W X", "X TE"))
    for viewer in (0, 1, 2, None):
        view = ENGINE.view(state, viewer)
        assert all(seat["animal"] is None for seat in view["seats"])
        own = None if viewer is None else state.identities[viewer]
        assert (view["you"] or {}).get("animal") == own

"""Runs the conformance suite over every registered engine.

`FOXDEN_CONFORMANCE_ENGINE=app.games.some_game:ENGINE` runs it over one engine that is not
registered yet; `FOXDEN_CONFORMANCE_PLAYOUTS` scales the number of random playouts.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import random
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.catalogue.view_schema import view_schema
from app.games import GAMES, REGISTRY
from app.games import options as option_tools
from app.games.protocol import Engine, IllegalAction
from app.games.tutorial import Tutorial
from tests.games import conformance as c
from tests.games import conformance_memory as memory
from tests.games import conformance_tutorial

PLAYOUTS = int(os.environ.get("FOXDEN_CONFORMANCE_PLAYOUTS", "200"))
DEEP = max(4, PLAYOUTS // 10)


def _tutorial(engine: Engine[Any]) -> Tutorial:
    """The script beside the engine: the registry's, or the module's next to an engine named
    by FOXDEN_CONFORMANCE_ENGINE (not registered yet)."""
    if engine.id in GAMES:
        return GAMES[engine.id].tutorial
    package = os.environ["FOXDEN_CONFORMANCE_ENGINE"].partition(":")[0]
    tutorial: Tutorial = importlib.import_module(f"{package}.tutorial").TUTORIAL
    return tutorial


def _engines() -> list[Engine[Any]]:
    override = os.environ.get("FOXDEN_CONFORMANCE_ENGINE")
    if override:
        module, _, attr = override.partition(":")
        return [getattr(importlib.import_module(module), attr or "ENGINE")]
    return list(REGISTRY.values())


ENGINES = _engines()
pytestmark = pytest.mark.parametrize("engine", ENGINES, ids=[e.id for e in ENGINES])


@functools.cache
def _playouts(engine_id: str) -> list[c.Playout]:
    engine = next(e for e in ENGINES if e.id == engine_id)
    combos = c.option_sets(engine)
    rng = random.Random(f"conformance:{engine_id}")
    result = []
    for i in range(PLAYOUTS):
        players, options = combos[i % len(combos)]
        result.append(c.random_playout(engine, players, options, rng.getrandbits(63)))
    return result


def _deep(engine: Engine[Any]) -> list[c.Playout]:
    """The playouts that get the expensive per-state checks: at least one per option set
    (playouts cycle through the option sets in order)."""
    return _playouts(engine.id)[: max(DEEP, len(c.option_sets(engine)))]


def test_metadata_and_options(engine: Engine[Any]) -> None:
    assert engine.id and engine.title and engine.pitch
    assert isinstance(engine.version, int) and engine.version >= 1
    assert len(engine.seats) >= 1 and engine.seats.start >= 1
    json.dumps(option_tools.schema(engine.options))
    for players in engine.seats:
        normalized = engine.check_options({}, players)
        assert normalized == engine.check_options(normalized, players)
    assert c.option_sets(engine), "no playable option set"


def test_random_playouts_end_with_an_outcome(engine: Engine[Any]) -> None:
    for playout in _playouts(engine.id):
        for state in playout.states:
            c.check_turn_structure(engine, state, playout.players)
        assert engine.outcome(playout.final) is not None


def test_same_seed_and_actions_give_identical_state(engine: Engine[Any]) -> None:
    for playout in _playouts(engine.id):
        replayed = c.replay(engine, playout)
        assert c.canonical(engine.encode(replayed)) == c.canonical(engine.encode(playout.final))


def test_states_round_trip_through_json(engine: Engine[Any]) -> None:
    for playout in _deep(engine):
        for state in playout.states:
            c.check_encoding(engine, state, playout.players)


def test_every_listed_action_applies_and_inputs_are_not_mutated(engine: Engine[Any]) -> None:
    for playout in _deep(engine):
        for state in playout.states[::3]:
            c.check_every_legal_action_applies(engine, state)


def test_unlisted_actions_are_refused(engine: Engine[Any]) -> None:
    rng = random.Random(1)
    for playout in _deep(engine):
        for state in playout.states[::5]:
            c.check_refusals(engine, state, playout.players, rng)


def test_no_viewer_sees_what_is_hidden_from_it(engine: Engine[Any]) -> None:
    rng = random.Random(2)
    for playout in _deep(engine):
        c.check_no_leak(engine, playout.initial, (), playout.players, playout.seed, rng)
        for step in playout.steps:
            c.check_no_leak(engine, step.state, step.log, playout.players, playout.seed, rng)


def test_choices_that_read_the_same_leave_the_same_view(engine: Engine[Any]) -> None:
    for playout in _deep(engine):
        for state in playout.states[::2]:
            c.check_indistinguishable_choices(engine, state, playout.players)


def test_faded_log_entries_name_nothing(engine: Engine[Any]) -> None:
    for playout in _playouts(engine.id):
        c.check_fading(engine, playout)


def test_private_log_lines_read_in_the_third_person_for_the_others(engine: Engine[Any]) -> None:
    for playout in _playouts(engine.id):
        c.check_private_lines_told_to_others(playout)


def test_only_seats_and_spectators_have_a_view(engine: Engine[Any]) -> None:
    for playout in _deep(engine)[:4]:
        for state in playout.states[::25]:
            c.check_invalid_viewers(engine, state, playout.players)


def test_determinized_states_play_on(engine: Engine[Any]) -> None:
    rng = random.Random(3)
    for playout in _deep(engine):
        for state in playout.states[::7]:
            c.check_determinized_plays_on(engine, state, playout.players, rng)


def test_every_view_matches_the_published_schema(engine: Engine[Any]) -> None:
    """Every viewer's view of every state of the deep playouts satisfies the game's
    `view_schema` (closed objects: an undeclared key fails too)."""
    view_type = getattr(engine, "view_type", None)
    assert view_type is not None, f"{engine.id} declares no view type (Metadata.view_type)"
    # jsonschema-rs: a full Draft 2020-12 validator, fast enough for thousands of views.
    validator = jsonschema_rs.validator_for(view_schema(view_type))
    for playout in _deep(engine):
        for state in playout.states:
            for viewer in [None, *range(playout.players)]:
                errors = list(validator.iter_errors(engine.view(state, viewer)))
                assert not errors, f"{engine.id}, viewer {viewer}: {errors[0].message}"


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
_actions = st.one_of(
    _json,
    st.fixed_dictionaries({"type": st.text(max_size=12)}, optional={"card": _json, "x": _json}),
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_arbitrary_json_is_refused_or_listed(engine: Engine[Any], data: st.DataObject) -> None:
    playout = data.draw(st.sampled_from(_deep(engine)))
    state = data.draw(st.sampled_from(playout.states))
    seat = data.draw(st.integers(0, playout.players - 1))
    action = data.draw(_actions)
    listed = {c.canonical(a) for a in engine.legal_actions(state, seat)}
    if isinstance(action, dict) and c.canonical(action) in listed:
        return
    with pytest.raises(IllegalAction):
        engine.apply(state, seat, action)


def test_forgotten_tricks_read_as_one_faded_block(engine: Engine[Any]) -> None:
    """Lines of tricks older than the last completed one, abilities' lines included, read
    through the platform's log view as faded, card-free lines with one seq (no gaps)."""
    for playout in _deep(engine):
        memory.check_forgotten_log(engine, playout)


def test_ships_a_guided_first_match_that_plays_through(engine: Engine[Any]) -> None:
    """Learn to play: every game has a script beside its engine, and it plays through it."""
    conformance_tutorial.check_tutorial(engine, _tutorial(engine))

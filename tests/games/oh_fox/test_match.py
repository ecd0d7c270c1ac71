"""A seeded full match through the engine, and properties of the reckoning."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.oh_fox import ENGINE
from app.games.oh_fox.data import CARD_COUNTS, DIRECTIONS, PREDATORS, PREY, TURNS
from app.games.oh_fox.scoring_reckoning import reckon, track
from app.games.oh_fox.state import OVER, OhFoxState, Play, home_space
from tests.games.oh_fox.helpers import make_state

SEED = 20240607


def _play_match(players: int, options: dict[str, object]) -> tuple[OhFoxState, list[str]]:
    """Everyone plays the first listed card; the predator guesses the first listed animal."""
    state = ENGINE.setup(players, ENGINE.check_options(options, players), SEED)
    texts: list[str] = []
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        action = next(a for a in ENGINE.legal_actions(state, seat) if a["type"] != "mark")
        transition = ENGINE.apply(state, seat, action)
        texts += [e.text for e in transition.log if e.audience is None]
        state = transition.state
    return state, texts


def test_a_seeded_four_player_match_runs_to_the_final_scores() -> None:
    state, texts = _play_match(4, {})
    assert state.phase == OVER
    outcome = ENGINE.outcome(state)
    assert outcome is not None and len(outcome.scores) == 4
    assert outcome.winners
    assert sum(t.startswith("Turn ") for t in texts) == TURNS * 2  # revealed, then executed
    assert "wins" in texts[-1] or "share the win" in texts[-1]
    # The same seed and the same actions replay to the same bytes.
    again, _ = _play_match(4, {})
    assert json.dumps(ENGINE.encode(again)) == json.dumps(ENGINE.encode(state))


def test_a_seeded_masked_match_with_forest_facades() -> None:
    state, _ = _play_match(3, {"masked_predator": True, "animal_cards": "tough_nut"})
    assert ENGINE.outcome(state) is not None
    view = ENGINE.view(state, None)
    assert all(seat["animal"] for seat in view["seats"])
    assert view["predator_seat"] is not None


# ----------------------------------------------------------------------------- properties


def _rows(draw: st.DrawFn, players: int) -> tuple[tuple[Play, ...], ...]:
    """Eight legal cards per seat: a random order of a random sample of its 13 cards."""
    deck = [card for card, count in CARD_COUNTS.items() for _ in range(count)]
    rows = []
    for _ in range(players):
        cards = draw(st.permutations(deck))[:TURNS]
        rows.append(
            tuple(
                Play(card, None if card == "stop" else draw(st.sampled_from(DIRECTIONS)))
                for card in cards
            )
        )
    return tuple(rows)


@st.composite
def matches(draw: st.DrawFn) -> tuple[tuple[str, ...], tuple[tuple[Play, ...], ...]]:
    players = draw(st.integers(2, 4))
    predator = draw(st.sampled_from(PREDATORS))
    prey = draw(st.permutations(PREY))[: players - 1]
    seat = draw(st.integers(0, players - 1))
    identities = (*prey[:seat], predator, *prey[seat:])
    return tuple(identities), _rows(draw, players)


@settings(max_examples=150, deadline=None)
@given(matches())
def test_reckoning_invariants(match: tuple[tuple[str, ...], tuple[tuple[Play, ...], ...]]) -> None:
    identities, rows = match
    reckoning = reckon(identities, rows)
    predator = next(s for s, a in enumerate(identities) if a in PREDATORS)
    # Meetings never change where anyone goes: every pawn follows its own track.
    for seat, animal in enumerate(identities):
        path = track(animal, rows[seat], home_space(seat))
        assert [record.ends[seat] for record in reckoning.turns] == path[1:]
    # Every attack is one broken heart for one prey, at most once per prey per turn.
    assert reckoning.attacks_made == sum(reckoning.attacked)
    assert reckoning.attacked[predator] == 0
    for record in reckoning.turns:
        hit = [a.prey for attacks in record.attacks for a in attacks]
        assert len(hit) == len(set(hit))
        assert not set(hit) & set(record.immune)
    for seat in range(len(identities)):
        assert reckoning.broken[seat] == reckoning.attacked[seat] - reckoning.heals[seat] >= 0
        stops = sum(p.card in ("stop", "move_stop") for p in rows[seat])
        assert reckoning.food[seat] <= stops
    assert reckoning.food[predator] == 0


@settings(max_examples=60, deadline=None)
@given(matches())
def test_finished_views_and_outcome_agree(
    match: tuple[tuple[str, ...], tuple[tuple[Play, ...], ...]],
) -> None:
    identities, rows = match
    prey_guesses = [None if a in PREDATORS else a for a in identities]
    state = replace(make_state(identities, phase=OVER, guesses=prey_guesses), rows=rows)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    scores = outcome.detail["scores"]
    for line in scores:
        assert line["total"] == max(0, line["hearts"] - line["broken_hearts"])
    assert outcome.scores == tuple(float(line["total"]) for line in scores)
    best = max(outcome.scores)
    assert all(outcome.scores[s] == best for s in outcome.winners)
    json.dumps(ENGINE.view(state, None))

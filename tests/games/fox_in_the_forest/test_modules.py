"""Poison, house goals, module options, and whole matches with every module on."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.data import GOAL_IDS
from app.games.fox_in_the_forest.rules_goals import CONDITIONS, reveal_goals
from app.games.fox_in_the_forest.state import Options, Play, State, Trick
from app.games.protocol import BadOptions
from tests.games import conformance as c
from tests.games.fox_in_the_forest.helpers import act, make_state, trick

POISON = Options(poison=True)
GOALS = Options(goals=True)
ALL_ON: dict[str, Any] = {
    "special_list": [
        "axe",
        "tree",
        "fairy",
        "crown",
        "mirror",
        "bow",
        "hammer",
        "potion",
        "shovel",
    ],
    "poison": True,
    "goals": True,
}

# --------------------------------------------------------------------------- poison


def test_taking_a_poison_8_costs_a_point() -> None:
    state = make_state(["bells-8", "keys-2"], ["bells-10", "keys-5"], options=POISON, scores=(3, 3))
    state = trick(state, "bells-8", "bells-10")
    assert state.scores == (3, 2)


def test_poison_never_takes_a_score_below_zero() -> None:
    state = make_state(["bells-8", "keys-2"], ["moons-8", "keys-5"], options=POISON, scores=(1, 1))
    state = trick(state, "bells-8", "moons-8")  # trump 8 wins, two Poisons
    assert state.scores == (1, 0)


def test_poison_at_zero_is_ignored() -> None:
    state = make_state(["bells-8", "keys-2"], ["bells-10", "keys-5"], options=POISON)
    assert trick(state, "bells-8", "bells-10").scores == (0, 0)


def test_eights_are_plain_without_the_module() -> None:
    state = make_state(["bells-8", "keys-2"], ["bells-10", "keys-5"], scores=(3, 3))
    assert trick(state, "bells-8", "bells-10").scores == (3, 3)


def test_treasure_and_poison_in_one_trick_cancel_even_at_zero() -> None:
    state = make_state(["bells-7", "keys-2"], ["bells-8", "keys-5"], options=POISON)
    state = trick(state, "bells-7", "bells-8")
    assert state.scores == (0, 0)


# --------------------------------------------------------------------------- goals


def _t(leader: int, winner: int, lead: str, follow: str, decree: str = "moons-6") -> Trick:
    return Trick(
        leader, winner, (Play(leader, lead), Play(1 - leader, follow)), (lead, follow), decree
    )


def _goal_state(tricks: list[Trick], **changes: Any) -> State:
    state = make_state(["keys-2"], ["keys-4"], options=GOALS)
    return replace(state, tricks=tuple(tricks), **changes)


GOAL_CASES: list[tuple[str, list[Trick], dict[str, Any], bool]] = [
    ("g01", [_t(0, 0, "bells-4", "bells-2")], {}, True),
    ("g01", [_t(0, 1, "bells-4", "bells-6"), _t(1, 0, "bells-2", "bells-5")], {}, False),
    ("g02", [_t(0, 1, "keys-2", "keys-3")] * 12 + [_t(0, 0, "bells-4", "bells-2")], {}, True),
    ("g02", [_t(0, 0, "bells-4", "bells-2")] * 12, {}, False),
    ("g03", [_t(0, 0, "bells-11", "bells-2")], {}, True),
    ("g03", [_t(0, 1, "bells-10", "bells-11")], {}, False),
    ("g04", [_t(0, 0, "moons-1", "bells-2")], {}, True),
    ("g04", [_t(1, 0, "bells-2", "moons-1")], {}, False),
    ("g05", [_t(0, 0, "bells-9", "keys-9")], {}, True),
    ("g05", [_t(0, 0, "bells-9", "keys-8")], {}, False),
    ("g06", [_t(0, 0, "bells-4", "bells-2")] * 3, {}, True),
    ("g06", [_t(0, 0, "bells-4", "bells-2")] * 2 + [_t(0, 1, "keys-2", "keys-3")], {}, False),
    ("g07", [_t(0, 0, "moons-4", "bells-4")], {}, True),
    ("g07", [_t(0, 0, "moons-4", "bells-5")], {}, False),
    ("g08", [_t(0, 0, "moons-3", "bells-10")], {}, True),
    ("g08", [_t(0, 0, "moons-4", "bells-1")], {}, False),
    ("g09", [_t(0, 0, "bells-6", "bells-2")], {}, True),
    ("g09", [_t(0, 0, "bells-6", "bells-3")], {}, False),
    ("g10", [], {"decree_changes": (1, 0)}, True),
    ("g10", [], {"decree_changes": (0, 1)}, False),
    (
        "g11",
        [
            _t(0, 0, "bells-4", "bells-2"),
            _t(0, 0, "keys-4", "keys-2"),
            _t(0, 0, "moons-4", "keys-2"),
        ],
        {},
        True,
    ),
    ("g11", [_t(0, 0, "bells-4", "bells-2"), _t(0, 0, "keys-4", "keys-2")], {}, False),
    ("g12", [_t(0, 0, "moons-2", "bells-7")], {}, True),
    ("g12", [_t(0, 0, "moons-3", "bells-7")], {}, False),
    ("g13", [_t(0, 0, "bells-4", "bells-2")] * 5 + [_t(0, 1, "keys-2", "keys-3")] * 5, {}, True),
    ("g13", [_t(0, 0, "bells-4", "bells-2")] * 6 + [_t(0, 1, "keys-2", "keys-3")] * 4, {}, False),
]


@pytest.mark.parametrize(("goal", "tricks", "changes", "met"), GOAL_CASES)
def test_goal_condition(goal: str, tricks: list[Trick], changes: dict[str, Any], met: bool) -> None:
    state = _goal_state(tricks, **changes)
    assert CONDITIONS[goal](state, 0) is met


def test_every_house_goal_has_a_condition_or_trigger() -> None:
    from app.games.fox_in_the_forest.rules_goals import TRIGGERS

    assert set(CONDITIONS) | set(TRIGGERS) == set(GOAL_IDS)


def test_claim_is_an_action_the_moment_the_condition_holds() -> None:
    state = make_state(["bells-4", "keys-2"], ["bells-2", "keys-5"], options=GOALS)
    state = replace(state, goals_open=("g01", "g09"))
    assert ENGINE.to_act(state) == (0,)
    state = trick(state, "bells-4", "bells-2")
    assert ENGINE.to_act(state) == (0,)
    assert {"type": "claim", "goal": "g01"} in ENGINE.legal_actions(state, 0)
    assert {"type": "claim", "goal": "g09"} in ENGINE.legal_actions(state, 0)
    state = act(state, 0, "claim", goal="g01")
    assert state.scores == (1, 0) and state.goals_open == ("g09",)
    assert "g01" in state.goal_discard


def test_the_waiting_player_may_claim_during_the_other_turn() -> None:
    state = make_state(["bells-2", "keys-2"], ["bells-4", "keys-6"], options=GOALS)
    state = replace(state, goals_open=("g01",))
    state = trick(state, "bells-2", "bells-4")  # seat 1 wins and leads
    state = act(state, 1, "play", card="keys-6")
    assert ENGINE.to_act(state) == (0, 1)
    assert ENGINE.legal_actions(state, 1) == [{"type": "claim", "goal": "g01"}]
    state = act(state, 1, "claim", goal="g01")
    assert state.scores == (0, 1) and ENGINE.to_act(state) == (0,)


def test_ongoing_goals_trigger_by_themselves() -> None:
    state = make_state(["bells-2", "keys-3"], ["bells-4", "keys-5"], options=GOALS, scores=(0, 5))
    state = replace(state, goals_open=("g14", "g15"))
    state = trick(state, "bells-2", "bells-4")
    assert state.scores == (0, 6) and state.goals_open == ("g14", "g15")
    state = make_state(["bells-11", "keys-3"], ["bells-4", "keys-5"], options=GOALS, scores=(0, 5))
    state = replace(state, goals_open=("g15",))
    assert trick(state, "bells-11", "bells-4").scores == (0, 5)  # at 0: loss ignored


def test_ongoing_greed_goal() -> None:
    state = make_state(["bells-4", "keys-3"], ["bells-2", "keys-5"], options=GOALS, won=(9, 0))
    state = replace(state, goals_open=("g16",), scores=(4, 0))
    assert trick(state, "bells-4", "bells-2").scores == (3, 0)


def test_round_end_claims_what_is_still_claimable_and_discards_the_rest() -> None:
    state = make_state(["bells-4"], ["bells-2"], options=GOALS, won=(7, 5))
    state = replace(state, goals_open=("g02", "g05"))
    state = trick(state, "bells-4", "bells-2")
    assert state.goals_open == ()
    assert set(state.goal_discard) == {"g02", "g05"}
    assert state.scores == (1 + 6, 2)


def test_goal_deck_reveals_two_and_reshuffles_its_discard_pile() -> None:
    state = replace(
        make_state([], [], options=GOALS), goal_deck=("g03",), goal_discard=("g07", "g08")
    )
    state, _ = reveal_goals(state)
    assert state.goals_open[0] == "g03" and state.goals_open[1] in {"g07", "g08"}
    assert len(state.goal_deck) == 1 and state.goal_discard == ()


def test_goals_shown_in_the_view_as_house_goals() -> None:
    state = ENGINE.setup(2, {"goals": True}, 77)
    view = ENGINE.view(state, 0)
    assert view["goals"]["house_goals"] is True
    assert len(view["goals"]["open"]) == 2 and view["goals"]["deck_count"] == 14


# --------------------------------------------------------------------------- options


def test_module_options() -> None:
    assert ENGINE.setup(2, {"special_cards": 2}, 5).specials.__len__() == 2
    state = ENGINE.setup(2, {"special_list": ["bow", "axe"]}, 5)
    assert state.specials == ("axe", "bow")
    assert len(state.deck) == 33 + 2 - 26 - 1
    with pytest.raises(BadOptions):
        ENGINE.check_options({"special_list": ["bow"], "special_cards": 3}, 2)
    with pytest.raises(BadOptions):
        ENGINE.check_options({"special_list": ["sword"]}, 2)


def test_randomly_drawn_specials_are_secret_from_both() -> None:
    state = ENGINE.setup(2, {"special_cards": 2}, 5)
    out = {s.value for s in ENGINE.secrets(state) if s.known_to == ()}
    assert set(state.box) <= out


# --------------------------------------------------------------------------- whole matches


def _match(seed: int, options: dict[str, Any]) -> c.Playout:
    return c.random_playout(ENGINE, 2, ENGINE.check_options(options, 2), seed)


def test_full_seeded_match_with_every_module() -> None:
    playout = _match(31337, ALL_ON)
    outcome = ENGINE.outcome(playout.final)
    assert outcome is not None and max(outcome.scores) >= 21
    assert c.canonical(ENGINE.encode(c.replay(ENGINE, playout))) == c.canonical(
        ENGINE.encode(playout.final)
    )
    kinds = {step.action["type"] for step in playout.steps}
    assert {"play", "next_round"} <= kinds


@pytest.mark.parametrize(
    "options", [ALL_ON, {"special_cards": 9, "goals": True}, {"special_cards": 2, "poison": True}]
)
def test_no_leak_with_module_combinations(options: dict[str, Any]) -> None:
    seed = 7_000_000_001
    playout = _match(seed, options)
    rng = random.Random(5)
    for step in playout.steps[:400]:
        c.check_no_leak(ENGINE, step.state, step.log, 2, seed, rng)
    for state in playout.states[:400:9]:
        c.check_refusals(ENGINE, state, 2, rng)
        c.check_determinized_plays_on(ENGINE, state, 2, rng)

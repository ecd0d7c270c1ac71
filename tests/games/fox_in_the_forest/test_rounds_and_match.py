"""Dealing, end-of-round scoring at every boundary, the end of the match and the tie-break."""

from __future__ import annotations

import random

import pytest

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.data import round_points
from app.games.fox_in_the_forest.data_cards import suit_cards
from app.games.fox_in_the_forest.state import Options
from app.games.protocol import MALFORMED, NOT_YOUR_TURN, BadOptions, IllegalAction
from tests.games.fox_in_the_forest.helpers import act, make_state, trick

# --------------------------------------------------------------------------- setup and deal


def test_deal_thirteen_each_decree_from_the_deck_non_dealer_leads() -> None:
    state = ENGINE.setup(2, {}, 99)
    assert [len(hand) for hand in state.hands] == [13, 13]
    assert len(state.deck) == 6
    every = [*state.hands[0], *state.hands[1], *state.deck, state.decree]
    assert sorted(every) == sorted(suit_cards())
    assert state.leader == 1 - state.dealer
    assert ENGINE.to_act(state) == (1 - state.dealer,)


def test_first_dealer_is_random() -> None:
    dealers = {ENGINE.setup(2, {}, seed).dealer for seed in range(20)}
    assert dealers == {0, 1}


def test_dealer_alternates_between_rounds() -> None:
    state = make_state(["bells-4"], ["bells-6"], dealer=1, leader=0, won=(6, 6))
    state = trick(state, "bells-4", "bells-6")
    assert state.phase == "deal" and ENGINE.to_act(state) == (0,)
    assert ENGINE.legal_actions(state, 0) == [{"type": "next_round"}]
    state = act(state, 0, "next_round")
    assert state.dealer == 0 and state.round_no == 2
    assert ENGINE.to_act(state) == (1,)
    assert [len(hand) for hand in state.hands] == [13, 13]


def test_only_two_players() -> None:
    with pytest.raises(BadOptions):
        ENGINE.check_options({}, 3)
    assert ENGINE.check_options({}, 2)["target_score"] == 21


@pytest.mark.parametrize("target", [16, 21, 35])
def test_target_score_option(target: int) -> None:
    state = ENGINE.setup(2, {"target_score": target}, 1)
    assert state.options.target_score == target
    with pytest.raises(BadOptions):
        ENGINE.check_options({"target_score": 20}, 2)


# --------------------------------------------------------------------------- scoring chart


@pytest.mark.parametrize(
    ("tricks", "points"),
    [(0, 6), (3, 6), (4, 1), (5, 2), (6, 3), (7, 6), (9, 6), (10, 0), (13, 0)],
)
def test_round_points_chart(tricks: int, points: int) -> None:
    assert round_points(tricks)[0] == points


@pytest.mark.parametrize(
    ("won", "expected"),
    [
        ((3, 8), (6, 6)),  # 3 tricks (Humble) vs 9 (Victorious)
        ((4, 8), (1, 6)),  # 4 vs 9
        ((5, 7), (2, 6)),  # 5 vs 8
        ((6, 6), (3, 6)),  # 6 vs 7
        ((9, 3), (6, 1)),  # 9 vs 4
        ((3, 9), (6, 0)),  # 3 vs 10 (Greedy)
    ],
)
def test_round_end_scores_the_chart(won: tuple[int, int], expected: tuple[int, int]) -> None:
    """12 tricks are done; seat 1 wins the 13th (bells-6 over bells-4)."""
    state = make_state(["bells-4"], ["bells-6"], won=won, leader=0)
    state = trick(state, "bells-4", "bells-6")
    assert state.history[-1].tricks == (won[0], won[1] + 1)
    assert state.scores == expected


def test_round_points_boundaries_in_play() -> None:
    # 6 vs 7 and 9 vs 10 tricks, seat 0 winning the last trick.
    state = trick(make_state(["bells-6"], ["bells-4"], won=(5, 7)), "bells-6", "bells-4")
    assert state.history[-1].tricks == (6, 7) and state.scores == (3, 6)
    state = trick(make_state(["bells-6"], ["bells-4"], won=(9, 3)), "bells-6", "bells-4")
    assert state.history[-1].tricks == (10, 3) and state.scores == (0, 6)


# --------------------------------------------------------------------------- end of match


def test_match_ends_when_someone_reaches_the_target() -> None:
    state = make_state(["bells-6"], ["bells-4"], won=(7, 5), scores=(15, 3))
    state = trick(state, "bells-6", "bells-4")
    assert state.scores == (21, 5)
    assert ENGINE.to_act(state) == ()
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.reason == "target_score"
    assert outcome.scores == (21.0, 5.0)
    assert outcome.detail["rounds"][-1]["tricks"] == [8, 5]


def test_match_goes_on_below_the_target() -> None:
    state = make_state(["bells-6"], ["bells-4"], won=(7, 5), scores=(14, 3))
    state = trick(state, "bells-6", "bells-4")
    assert state.scores == (20, 5)
    assert ENGINE.outcome(state) is None and state.phase == "deal"


def test_higher_score_wins_even_if_the_other_reached_the_target() -> None:
    state = make_state(["bells-6"], ["bells-4"], won=(2, 10), scores=(16, 19))
    state = trick(state, "bells-6", "bells-4")  # seat 0: 3 tricks +6, seat 1: 10 tricks +0
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and state.scores == (22, 19)


def test_tie_goes_to_who_gained_more_in_the_last_round() -> None:
    # Seat 0: 3 tricks (+6) to 22; seat 1: 10 tricks (+0) but already at 22.
    state = make_state(["bells-6"], ["bells-4"], won=(2, 10), scores=(16, 22))
    state = trick(state, "bells-6", "bells-4")
    outcome = ENGINE.outcome(state)
    assert state.scores == (22, 22)
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "tie_break"


def test_tie_break_counts_treasure_of_the_last_round_too() -> None:
    # Seat 1 found 4 points of Treasure earlier this round (round_start 14 -> 18 now).
    state = make_state(["bells-6"], ["bells-4"], won=(6, 6), scores=(15, 18), round_start=(15, 14))
    state = trick(state, "bells-6", "bells-4")  # seat 0: 7 tricks +6; seat 1: 6 tricks +3
    assert state.scores == (21, 21)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.reason == "tie_break"


def test_still_tied_after_the_tie_break_is_a_shared_win() -> None:
    state = make_state(["bells-6"], ["bells-4"], won=(6, 6), scores=(15, 18), round_start=(15, 15))
    state = trick(state, "bells-6", "bells-4")  # 21 vs 21, gained 6 vs 6 this round
    assert state.scores == (21, 21)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0, 1) and outcome.reason == "shared_win"


def test_final_view_reveals_everything() -> None:
    state = make_state(["bells-6"], ["bells-4"], won=(7, 5), scores=(15, 3))
    state = trick(state, "bells-6", "bells-4")
    view = ENGINE.view(state, 1)
    assert view["phase"] == "over"
    assert [c["id"] for c in view["final"]["deck"]] == list(state.deck)
    assert "{seat0} wins" in view["prompt"]
    assert ENGINE.secrets(state) == []


# --------------------------------------------------------------------------- action parsing


def test_malformed_and_out_of_turn_actions() -> None:
    state = make_state(["bells-4", "keys-2"], ["bells-6", "keys-10"])
    for bad in ({}, {"type": "fly"}, {"type": "play"}, {"type": "play", "card": 7}):
        with pytest.raises(IllegalAction) as refusal:
            ENGINE.apply(state, 0, bad)
        assert refusal.value.code == MALFORMED
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(state, 0, {"type": "play", "card": "bells-4", "extra": 1})
    assert refusal.value.code == MALFORMED
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(state, 1, {"type": "play", "card": "bells-6"})
    assert refusal.value.code == NOT_YOUR_TURN
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(state, 0, {"type": "play", "card": "moons-3"})
    assert "do not hold" in refusal.value.message


def test_prompts_name_the_decision() -> None:
    state = make_state(["bells-4", "keys-2"], ["bells-6", "keys-10"])
    assert ENGINE.view(state, 0)["prompt"] == "Lead any card."
    assert ENGINE.view(state, 1)["prompt"] == "Waiting for {seat0} to lead."
    state = act(state, 0, "play", card="bells-4")
    assert ENGINE.view(state, 1)["prompt"] == "Play a card: you must follow Bells."


# --------------------------------------------------------------------------- whole match


def _random_match(seed: int, options: dict[str, object]) -> tuple[object, int]:
    chooser = random.Random(seed)
    state = ENGINE.setup(2, options, seed)
    steps = 0
    while ENGINE.to_act(state):
        seat = chooser.choice(ENGINE.to_act(state))
        action = chooser.choice(list(ENGINE.legal_actions(state, seat)))
        state = ENGINE.apply(state, seat, action).state
        steps += 1
        assert steps < 5000
    return state, steps


def test_seeded_full_match_reaches_an_outcome_and_replays_identically() -> None:
    final, _ = _random_match(2024, {"target_score": 16})
    again, _ = _random_match(2024, {"target_score": 16})
    outcome = ENGINE.outcome(final)  # type: ignore[arg-type]
    assert outcome is not None
    assert max(outcome.scores) >= 16
    assert ENGINE.encode(final) == ENGINE.encode(again)  # type: ignore[arg-type]
    assert isinstance(final.options, Options)  # type: ignore[attr-defined]

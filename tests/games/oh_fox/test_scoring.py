"""Objectives, hearts, the rulebook's scoring example and the four tie-breaks."""

from __future__ import annotations

import pytest

from app.games.oh_fox import ENGINE
from app.games.oh_fox.scoring_hearts import SeatScore, completed_objectives, winners
from tests.games.oh_fox.helpers import finished, make_state, row, run

IDLE = "X X X X X X X X"

# ----------------------------------------------------------------------------- objectives


def _completes(objective: str, rows: str, *, animal: str = "squirrel") -> bool:
    """Whether seat 0 (`animal`) completes `objective` with `rows` while a rival idles."""
    rival = "fox" if animal != "fox" else "squirrel"
    reckoning = run((animal, rival), rows, " ".join(["X"] * len(rows.split())))
    return completed_objectives((objective,), 0, row(rows), reckoning) == (objective,)


@pytest.mark.parametrize(
    ("objective", "rows", "done"),
    [
        ("fickler", "1N 2N 1N X 1N X 1N X", True),
        ("fickler", "1N 1E 2N X 1N X 1N X", False),  # two single moves in a row
        ("fickler", "MN X 1N", True),  # a move-stop is not a stop card
        ("navigator", "1N 1E 1S 1W X X X 2N", True),
        ("navigator", "2N ME 1S TW X X X X", True),  # any card type with a direction counts
        ("navigator", "1N 1E 1S X X X 2N 2E", False),  # never west
        ("slowpoke", "1N 1E 1S TW X X X MN", True),
        ("slowpoke", "1N 1E 1S 2W X X X MN", False),
        ("straggler", "2N X X X 1N 1E 1S 1W", True),
        ("straggler", "2N X X MN 1N 1E 1S 1W", False),  # the move-stop does not count
        ("stroller", "1N 1E 1S 1W X X X 2N", True),
        ("stroller", "1N 1E 1S MW X X X 2N", False),  # the move-stop does not count
        ("swimmer", "1S X", True),  # a stop on the healing space r1c1
        ("swimmer", "MS 1N", False),  # a move-stop onto it, then away
        ("swimmer", "X MS", False),  # the move-stop does not count
        ("swimmer", "1S 1S", False),
    ],
)
def test_each_objective(objective: str, rows: str, done: bool) -> None:
    assert _completes(objective, rows) is done


def test_swimmer_counts_the_position_while_the_stop_is_played() -> None:
    # "MS X": the move-stop reaches r1c1 in turn 1; the stop in turn 2 is then on r1c1.
    assert _completes("swimmer", "MS X 1N")


def test_the_predator_completes_objectives_too() -> None:
    assert _completes("swimmer", "1S X", animal="fox")
    assert _completes("slowpoke", "X X", animal="fox")


# ----------------------------------------------------------------------------- hearts


def test_rulebook_scoring_example_two_players() -> None:
    """Squirrel 4 - 1 + 1 = 4 (first trigger turn 3); fox 1 + 2 + 1 = 4 (first trigger turn 5):
    the fox was last to play its first trigger card and wins the tie."""
    squirrel = "1W X TS MW 2W 1N X 1N"
    fox = "1N 1W X X TE 1W ME 1S"
    state = make_state(("squirrel", "fox"), (squirrel, fox), objectives=("slowpoke", "straggler"))
    state = ENGINE.apply(state, 1, {"type": "guess", "seat": 0, "animal": "squirrel"}).state
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    sq, fx = outcome.detail["scores"]
    assert (sq["food"], sq["full_hunger"], sq["broken_hearts"], sq["home"]) == (3, 1, 1, 1)
    assert (sq["objectives"], sq["total"], sq["first_trigger_turn"]) == ([], 4, 3)
    assert (fx["guessed_all"], fx["attacks"], fx["dominance"]) == (1, 1, 1)
    assert (fx["objectives"], fx["total"], fx["first_trigger_turn"]) == (["slowpoke"], 4, 5)
    assert outcome.scores == (4.0, 4.0)
    assert (outcome.winners, outcome.reason) == ((1,), "tie_break_last_trigger")


def test_full_hunger_bonus_needs_three_food() -> None:
    three = finished(("squirrel", "fox"), ("1W X TS MW 2W 1N X 1N", IDLE))
    two = finished(("squirrel", "fox"), ("1W X TS 1W 2W 1N X 1N", IDLE))
    assert [s["full_hunger"] for s in _scores(three)] == [1, 0]
    assert [s["full_hunger"] for s in _scores(two)] == [0, 0]
    assert _scores(three)[0]["total"] == 3 + 1 + 1  # food, bonus, home
    assert _scores(two)[0]["total"] == 2 + 1


def test_the_predator_scores_a_correct_guess_of_everyone() -> None:
    rows = (IDLE, IDLE, IDLE)
    right = finished(("fox", "squirrel", "rabbit"), rows)
    wrong = finished(("fox", "squirrel", "rabbit"), rows, guesses=(None, "rabbit", "squirrel"))
    assert _scores(right)[0]["guessed_all"] == 1
    assert _scores(wrong)[0]["guessed_all"] == 0


def test_dominance_needs_every_prey_attacked_at_least_once() -> None:
    # The fox's double move south in turn 2 meets both prey; with the rabbit elsewhere, only one.
    both = ("X 2S X X X X X X", "2W X X X X X X X", "1W 1N X X X X X X")
    one = ("X 2S X X X X X X", "2W X X X X X X X", "X X X X X X X X")
    assert _scores(finished(("fox", "squirrel", "rabbit"), both))[0]["dominance"] == 1
    assert _scores(finished(("fox", "squirrel", "rabbit"), one))[0]["dominance"] == 0
    assert _scores(finished(("fox", "squirrel", "rabbit"), one))[0]["attacks"] == 1


def test_prey_lose_a_heart_per_broken_heart() -> None:
    state = finished(("squirrel", "fox"), ("X X X X X X X X", "2W 1N X X X X X X"))
    squirrel = _scores(state)[0]
    # Attacked every turn from turn 2 to 8 (the fox stands on it), home at the end.
    assert (squirrel["attacked"], squirrel["broken_hearts"], squirrel["home"]) == (7, 7, 1)
    assert squirrel["hearts"] == 1
    assert squirrel["total"] == 0  # never below 0: you cannot discard more hearts than you have


def _scores(state: object) -> list[dict[str, int]]:
    outcome = ENGINE.outcome(state)  # type: ignore[arg-type]
    assert outcome is not None
    return list(outcome.detail["scores"])


# ----------------------------------------------------------------------------- tie-breaks


def _score(seat: int, role: str, total: int, trigger: int, attacked: int = 0) -> SeatScore:
    """A score line worth `total` hearts (as food), with the tie-break facts given."""
    return SeatScore(
        seat=seat,
        animal="fox" if role == "predator" else "squirrel",
        role=role,
        food=total,
        full_hunger=0,
        home=0,
        guessed_all=0,
        attacks=0,
        dominance=0,
        objectives=(),
        attacked=attacked,
        healed=0,
        broken_hearts=0,
        first_trigger_turn=trigger,
    )


def test_most_hearts_wins() -> None:
    assert winners([_score(0, "prey", 5, 2), _score(1, "predator", 4, 8)]) == ((0,), "most_hearts")


def test_tie_break_1_last_to_play_a_first_trigger_card() -> None:
    scores = [_score(0, "predator", 4, 3), _score(1, "prey", 4, 6), _score(2, "prey", 1, 8)]
    assert winners(scores) == ((1,), "tie_break_last_trigger")


def test_tie_break_1_never_playing_a_trigger_counts_as_last() -> None:
    scores = [_score(0, "predator", 4, 8), _score(1, "prey", 4, 9)]
    assert winners(scores) == ((1,), "tie_break_last_trigger")


def test_tie_break_2_a_remaining_tie_with_the_predator_goes_to_the_predator() -> None:
    scores = [_score(0, "prey", 4, 5), _score(1, "predator", 4, 5), _score(2, "prey", 4, 2)]
    assert winners(scores) == ((1,), "tie_break_predator")


def test_tie_break_3_among_prey_the_one_attacked_least() -> None:
    scores = [
        _score(0, "predator", 2, 5),
        _score(1, "prey", 4, 6, attacked=2),
        _score(2, "prey", 4, 6, attacked=1),
    ]
    assert winners(scores) == ((2,), "tie_break_fewest_attacks")


def test_tie_break_4_still_tied_shares_the_win() -> None:
    scores = [
        _score(0, "predator", 2, 5),
        _score(1, "prey", 4, 6, attacked=1),
        _score(2, "prey", 4, 6, attacked=1),
        _score(3, "prey", 4, 6, attacked=2),
    ]
    assert winners(scores) == ((1, 2), "shared_tie")


def test_a_tie_broken_at_the_table_end_to_end() -> None:
    """Everyone idles at home: the prey score 1 (home), the fox 1 (its correct guess). Nobody
    played a trigger card, so the tie survives tie-break 1 and goes to the predator."""
    state = finished(("fox", "squirrel", "rabbit"), (IDLE, IDLE, IDLE))
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores == (1.0, 1.0, 1.0)  # the fox guessed right: 1 heart
    assert (outcome.winners, outcome.reason) == ((0,), "tie_break_predator")


def test_tie_break_3_end_to_end_the_prey_attacked_least_wins() -> None:
    """Squirrel: nuts 1 + home 1 + Stroller 1 - 1 broken heart = 2 (attacked once, turn 4);
    rabbit: home 1 + Stroller 1 = 2 (never attacked); the fox: 1 attack and a wrong guess = 1.
    No prey played a trigger card and the predator is not in the tie."""
    squirrel = "1S X 1N 2N 2S 1E 1W X"
    rabbit = "1N X 1S 2N 2S 1E 1W X"
    fox = "2E X X X 2W TN TN MS"
    state = finished(
        ("fox", "squirrel", "rabbit"),
        (fox, squirrel, rabbit),
        guesses=(None, "rabbit", "squirrel"),
        objectives=("stroller",),
    )
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores == (1.0, 2.0, 2.0)
    assert [s["attacked"] for s in outcome.detail["scores"]] == [0, 1, 0]
    assert (outcome.winners, outcome.reason) == ((2,), "tie_break_fewest_attacks")


def test_tie_break_4_end_to_end_a_shared_win() -> None:
    """Both prey: home 1 + Stroller 1 = 2, never attacked, no trigger; the fox: Stroller = 1."""
    squirrel = "1S 1N X 2N 2S 1E 1W X"
    rabbit = "1N X 1S 2N 2S 1E 1W X"
    fox = "X X X 1E 1W 1E 1W MN"
    state = finished(
        ("fox", "squirrel", "rabbit"),
        (fox, squirrel, rabbit),
        guesses=(None, "rabbit", "squirrel"),
        objectives=("stroller",),
    )
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores == (1.0, 2.0, 2.0)
    assert (outcome.winners, outcome.reason) == ((1, 2), "shared_tie")

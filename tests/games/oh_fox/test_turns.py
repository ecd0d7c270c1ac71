"""The eight simultaneous turns, the predator's pawn marks and the guessing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.oh_fox import ENGINE
from app.games.oh_fox.state import GUESS, OVER, Play
from app.games.protocol import ILLEGAL, MALFORMED, NOT_YOUR_TURN, IllegalAction
from tests.games.oh_fox.helpers import make_state

PLAY_DOUBLE_NORTH = {"type": "play", "card": "double", "direction": "north"}
PLAY_STOP = {"type": "play", "card": "stop"}
SEVEN = "X X X 1N 1E 1S 1W"


def _refusal(state: Any, seat: int, action: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, seat, action)
    return caught.value


def test_every_player_chooses_at_once() -> None:
    state = make_state(("fox", "squirrel", "rabbit"))
    assert ENGINE.to_act(state) == (0, 1, 2)
    for seat in range(3):
        assert PLAY_STOP in ENGINE.legal_actions(state, seat)


def test_a_choice_stays_secret_until_everyone_has_chosen() -> None:
    state = make_state(("fox", "squirrel", "rabbit"))
    transition = ENGINE.apply(state, 1, PLAY_DOUBLE_NORTH)
    state = transition.state
    assert ENGINE.to_act(state) == (0, 2)
    private = [e for e in transition.log if e.audience == 1]
    public = [e for e in transition.log if e.audience is None]
    assert "double move" in private[0].text
    assert all("double" not in e.text and "north" not in json.dumps(e.data) for e in public)
    for viewer in (0, 2, None):
        view = ENGINE.view(state, viewer)
        assert [s["chosen"] for s in view["seats"]] == [False, True, False]
        assert view["seats"][1]["hand"]["double"] == 3  # the hand does not give it away
        assert view["seats"][1]["row"] == []
    assert ENGINE.view(state, 1)["you"]["choice"] == {"card": "double", "direction": "north"}
    assert ENGINE.view(state, 1)["you"]["hand"].count("double") == 2
    assert ENGINE.view(state, 0)["you"]["choice"] is None


def test_all_cards_are_revealed_together_into_the_public_rows() -> None:
    state = make_state(("fox", "squirrel"))
    state = ENGINE.apply(state, 0, PLAY_STOP).state
    transition = ENGINE.apply(state, 1, PLAY_DOUBLE_NORTH)
    state = transition.state
    assert state.rows == ((Play("stop", None),), (Play("double", "north"),))
    assert ENGINE.to_act(state) == (0, 1)
    revealed = [e for e in transition.log if e.data.get("event") == "revealed"]
    assert revealed[0].audience is None
    assert revealed[0].data["plays"][1] == {"seat": 1, "card": "double", "direction": "north"}
    view = ENGINE.view(state, None)
    assert view["turn"] == 2
    assert view["seats"][1]["row"] == [{"turn": 1, "card": "double", "direction": "north"}]
    assert view["seats"][1]["hand"]["double"] == 2


def test_a_seat_that_has_chosen_waits_for_the_others() -> None:
    state = ENGINE.apply(make_state(("fox", "squirrel")), 0, PLAY_STOP).state
    assert ENGINE.legal_actions(state, 0) == []
    assert _refusal(state, 0, PLAY_STOP).code == NOT_YOUR_TURN
    assert ENGINE.view(state, 0)["prompt"].endswith("your card is chosen; waiting for {seat1}.")
    assert ENGINE.view(state, None)["prompt"].endswith("waiting for {seat1} to choose.")


def test_a_card_no_longer_in_hand_is_refused() -> None:
    state = make_state(("fox", "squirrel"), ("X X X 1N", "X X 1N 1E"))
    assert PLAY_STOP not in ENGINE.legal_actions(state, 0)
    refusal = _refusal(state, 0, PLAY_STOP)
    assert (refusal.code, refusal.message) == (ILLEGAL, "You have no stop card left.")


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "card": "stop", "direction": "north"},
        {"type": "play", "card": "single"},
        {"type": "play", "card": "single", "direction": "up"},
        {"type": "play", "card": "teleport", "direction": "north"},
        {"type": "play", "card": "single", "direction": "north", "extra": 1},
        {"type": "dance"},
        ["play"],
    ],
)
def test_malformed_actions_are_refused(action: Any) -> None:
    assert _refusal(make_state(("fox", "squirrel")), 0, action).code == MALFORMED


def test_each_card_type_is_offered_with_its_four_directions() -> None:
    legal = ENGINE.legal_actions(make_state(("squirrel", "fox")), 0)
    plays = [a for a in legal if a["type"] == "play"]
    assert len(plays) == 4 * 4 + 1
    assert {"type": "play", "card": "trigger", "direction": "west"} in plays


def test_after_turn_eight_the_predator_guesses_in_seat_order() -> None:
    state = make_state(("squirrel", "fox", "rabbit"), (SEVEN, SEVEN, SEVEN), animals=("toad",))
    for seat in range(3):
        state = ENGINE.apply(
            state, seat, {"type": "play", "card": "move_stop", "direction": "north"}
        ).state
    assert state.phase == GUESS
    assert ENGINE.to_act(state) == (1,)
    guesses = [a for a in ENGINE.legal_actions(state, 1) if a["type"] == "guess"]
    assert guesses == [
        {"type": "guess", "seat": 0, "animal": a} for a in ("rabbit", "squirrel", "toad")
    ]
    assert ENGINE.view(state, 0)["prompt"].startswith("Waiting for {seat1}")
    assert ENGINE.view(state, 1)["prompt"] == "Guess which prey animal {seat0} is."
    refusal = _refusal(state, 1, {"type": "guess", "seat": 2, "animal": "rabbit"})
    assert refusal.code == ILLEGAL
    state = ENGINE.apply(state, 1, {"type": "guess", "seat": 0, "animal": "toad"}).state
    # An animal already given to one player cannot be given to another.
    assert {"type": "guess", "seat": 2, "animal": "toad"} not in ENGINE.legal_actions(state, 1)
    assert _refusal(state, 1, {"type": "guess", "seat": 2, "animal": "toad"}).code == ILLEGAL
    final = ENGINE.apply(state, 1, {"type": "guess", "seat": 2, "animal": "rabbit"})
    assert final.state.phase == OVER
    assert ENGINE.to_act(final.state) == ()
    outcome = ENGINE.outcome(final.state)
    assert outcome is not None
    assert outcome.detail["scores"][1]["guessed_all"] == 0  # seat 0 was the squirrel
    identities = [e.data["animal"] for e in final.log if e.data.get("event") == "identity"]
    assert identities == ["squirrel", "fox", "rabbit"]
    executed = [e for e in final.log if e.data.get("event") == "executed"]
    assert [e.data["turn"] for e in executed] == list(range(1, 9))


def test_a_guess_is_only_for_the_end() -> None:
    state = make_state(("squirrel", "fox"))
    assert _refusal(state, 1, {"type": "guess", "seat": 0, "animal": "squirrel"}).code == ILLEGAL


def test_the_finished_view_reveals_everything() -> None:
    state = make_state(("squirrel", "fox"), (SEVEN + " 2N", SEVEN + " MN"), phase=GUESS)
    state = ENGINE.apply(state, 1, {"type": "guess", "seat": 0, "animal": "squirrel"}).state
    view = ENGINE.view(state, None)
    assert [s["animal"] for s in view["seats"]] == ["squirrel", "fox"]
    assert len(view["reckoning"]) == 8
    assert view["reckoning"][0]["steps"][0]["moves"][0] == {
        "seat": 0,
        "from": "r0c1",
        "to": "r0c1",
        "mode": "stay",
    }
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert tuple(float(s["total"]) for s in view["scores"]) == outcome.scores
    assert view["winners"] and view["prompt"].startswith("The match is over")


# ----------------------------------------------------------------------------- pawn marks


def test_the_predator_marks_pawns_privately() -> None:
    state = make_state(("squirrel", "fox", "rabbit"))
    legal = ENGINE.legal_actions(state, 1)
    assert {"type": "mark", "seat": 0, "space": "r2c2"} in legal
    assert not [a for a in ENGINE.legal_actions(state, 0) if a["type"] != "play"]
    transition = ENGINE.apply(state, 1, {"type": "mark", "seat": 0, "space": "r2c2"})
    assert [e.audience for e in transition.log] == [1]
    state = transition.state
    assert {"seat": 0, "space": "r2c2"} in ENGINE.view(state, 1)["marks"]
    for viewer in (0, 2, None):
        assert ENGINE.view(state, viewer)["marks"] is None
    assert {"type": "unmark", "seat": 0} in ENGINE.legal_actions(state, 1)
    assert {"type": "mark", "seat": 0, "space": "r2c2"} not in ENGINE.legal_actions(state, 1)
    state = ENGINE.apply(state, 1, {"type": "unmark", "seat": 0}).state
    assert {"seat": 0, "space": None} in ENGINE.view(state, 1)["marks"]


def test_only_the_predator_moves_pawns() -> None:
    state = make_state(("squirrel", "fox", "rabbit"))
    refusal = _refusal(state, 0, {"type": "mark", "seat": 2, "space": "r2c2"})
    assert refusal.code == ILLEGAL


def test_with_masked_predator_the_pawns_stay_in_the_box() -> None:
    state = make_state(("squirrel", "fox", "rabbit"), masked=True)
    assert all(a["type"] == "play" for a in ENGINE.legal_actions(state, 1))
    for seat in range(3):
        assert _refusal(state, seat, {"type": "mark", "seat": 0, "space": "r2c2"}).code == ILLEGAL


def test_masked_predator_is_revealed_when_the_guessing_starts() -> None:
    state = make_state(("squirrel", "fox"), (SEVEN, SEVEN), masked=True)
    assert ENGINE.view(state, 0)["predator_seat"] is None
    state = ENGINE.apply(state, 0, PLAY_DOUBLE_NORTH).state
    state = ENGINE.apply(state, 1, PLAY_DOUBLE_NORTH).state
    assert ENGINE.view(state, 0)["predator_seat"] == 1

"""A turn: at most one action token first, then a Swamp Rescue or a move (or, failing both,
a pass); the forced cases; and the refusals a player reads."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.fox_on_the_tree.state import AFTER_TOKEN, TURN, State
from app.games.protocol import ILLEGAL, IllegalAction
from tests.games.fox_on_the_tree.helpers import act, legal, legal_of, make_state


def refusal(state: State, seat: int, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as caught:
        act(state, seat, action)
    assert caught.value.code == ILLEGAL
    return caught.value.message


def test_banana_peel_goes_on_a_path_tile_with_no_token_and_no_animal() -> None:
    state = make_state(at={"cow": 2, "wolf": 9}, tokens={5: "swamp", 6: "banana"})
    tiles = [a["tile"] for a in legal_of(state, 0, "play_banana")]
    assert tiles == [1, 3, 4, 7, 8]
    assert "without animals" in refusal(state, 0, {"type": "play_banana", "tile": 2})
    assert "already holds" in refusal(state, 0, {"type": "play_banana", "tile": 5})
    assert "Path tiles" in refusal(state, 0, {"type": "play_banana", "tile": 0})


def test_swamp_goes_on_a_path_tile_with_no_token_even_with_animals() -> None:
    state = make_state(at={"cow": 2, "wolf": 9}, tokens={5: "swamp", 6: "banana"})
    tiles = [a["tile"] for a in legal_of(state, 0, "play_swamp")]
    assert tiles == [1, 2, 3, 4, 7, 8]
    assert "Path tiles" in refusal(state, 0, {"type": "play_swamp", "tile": 9})


def test_playing_a_token_places_it_and_uses_it_up() -> None:
    state = make_state(at={"cow": 2, "wolf": 9})
    after = act(state, 0, {"type": "play_swamp", "tile": 2})
    assert after.tile_tokens[2] == "swamp" and after.held[0] == ("banana", "escape")
    assert after.phase == AFTER_TOKEN and after.active == 0


def test_only_one_action_token_per_turn() -> None:
    state = act(make_state(at={"cow": 2, "wolf": 9}), 0, {"type": "play_banana", "tile": 5})
    kinds = {a["type"] for a in legal(state, 0)}
    assert kinds == {"move"}
    assert "only one action token" in refusal(state, 0, {"type": "play_swamp", "tile": 6})


def test_a_used_token_cannot_be_played_again() -> None:
    state = make_state(at={"cow": 2, "wolf": 9}, held=[("swamp",), (), ()])
    assert legal_of(state, 0, "play_banana") == [] and legal_of(state, 0, "play_escape") == []
    assert "no longer hold" in refusal(state, 0, {"type": "play_banana", "tile": 5})


def test_escape_cannot_target_an_animal_on_its_starting_tile() -> None:
    state = make_state(at={"cow": 0, "wolf": 9, "pig": 3})
    assert [a["animal"] for a in legal_of(state, 0, "play_escape")] == ["pig"]
    assert "Path tile" in refusal(state, 0, {"type": "play_escape", "animal": "cow"})


def test_swamp_rescue_removes_a_swamp_from_a_tile_with_an_animal_and_ends_the_turn() -> None:
    state = make_state(at={"cow": 3, "wolf": 9}, tokens={3: "swamp", 6: "swamp"})
    assert [a["tile"] for a in legal_of(state, 0, "rescue")] == [3]
    after = act(state, 0, {"type": "rescue", "tile": 3})
    assert after.tile_tokens[3] == "" and after.tile_tokens[6] == "swamp"
    assert after.active == 1 and after.phase == TURN
    assert "animal on it" in refusal(state, 0, {"type": "rescue", "tile": 6})
    assert "no Swamp" in refusal(state, 0, {"type": "rescue", "tile": 4})


def test_with_no_swamp_to_remove_the_player_must_move() -> None:
    state = make_state(at={"cow": 3, "wolf": 9}, tokens={6: "swamp"}, held=[(), (), ()])
    assert {a["type"] for a in legal(state, 0)} == {"move"}


def test_with_every_animal_stuck_the_player_must_rescue() -> None:
    state = make_state(
        at={"cow": 3, "pig": 3, "wolf": 6}, tokens={3: "swamp", 6: "swamp"}, held=[(), (), ()]
    )
    assert legal(state, 0) == [{"type": "rescue", "tile": 3}, {"type": "rescue", "tile": 6}]


def test_rescue_or_move_when_both_are_possible_and_tokens_first() -> None:
    state = make_state(at={"cow": 3, "wolf": 6}, tokens={3: "swamp"})
    kinds = {a["type"] for a in legal(state, 0)}
    assert kinds == {"play_banana", "play_swamp", "play_escape", "rescue", "move"}


def test_a_token_may_be_followed_by_a_rescue() -> None:
    state = make_state(at={"cow": 3, "wolf": 6})
    swamped = act(state, 0, {"type": "play_swamp", "tile": 3})
    assert {"type": "rescue", "tile": 3} in legal(swamped, 0)


def test_pass_only_when_neither_rescue_nor_move_is_possible() -> None:
    """In a real match this cannot happen (an animal outside a Swamp can always step
    forward, and a Swamp with an animal can always be removed); the pass is the ruling's
    safety net, tested on a contrived board: a cow stranded on its final tile."""
    stranded = make_state(at={"cow": 9}, held=[(), (), ()])
    assert legal(stranded, 0) == [{"type": "pass"}]
    assert act(stranded, 0, {"type": "pass"}).active == 1
    busy = make_state(at={"cow": 3, "wolf": 6})
    assert "cannot pass" in refusal(busy, 0, {"type": "pass"})


def test_escape_answers_are_refused_outside_an_escape_question() -> None:
    state = make_state(at={"cow": 3, "wolf": 6})
    assert "about to be eliminated" in refusal(state, 0, {"type": "save", "animal": "cow"})

"""The last move on the path: what the turn just played changed, in the state and in every
view alike (public: every player watched it), so a table drawn later shows it too."""

from __future__ import annotations

import json

from app.games.fox_on_the_tree import ENGINE
from app.games.fox_on_the_tree.state import LastMove, Moved
from tests.games.fox_on_the_tree.helpers import act, make_state, move, ring

NO_ESCAPES = [("banana", "swamp")] * 3


def test_a_move_records_the_animal_and_the_tile_it_came_from() -> None:
    state = make_state(at={"cow": 2, "wolf": 9}, active=1)
    after = move(state, "wolf", 7)
    assert after.last_move == LastMove(seat=1, moved=(Moved("wolf", 9),))


def test_a_token_and_the_move_after_it_are_one_turn() -> None:
    state = make_state(at={"cow": 2, "wolf": 9})
    laid = act(state, 0, {"type": "play_swamp", "tile": 5})
    assert laid.last_move == LastMove(seat=0, laid=5)
    after = move(laid, "cow", 3)
    assert after.last_move == LastMove(seat=0, moved=(Moved("cow", 2),), laid=5)


def test_the_next_turn_starts_the_record_afresh() -> None:
    state = make_state(at={"cow": 2, "wolf": 9}, players=2)
    first = move(act(state, 0, {"type": "play_swamp", "tile": 5}), "cow", 3)
    second = move(first, "wolf", 7)
    assert second.last_move == LastMove(seat=1, moved=(Moved("wolf", 9),))


def test_a_banana_peel_slipped_on_in_the_same_turn_is_no_longer_laid() -> None:
    state = make_state(at={"wolf": 6, "cow": 0})
    laid = act(state, 0, {"type": "play_banana", "tile": 4})
    after = move(laid, "wolf", 4)  # slips on its own peel to tile 3
    assert after.last_move == LastMove(seat=0, moved=(Moved("wolf", 6),))


def test_an_animal_that_leaves_the_path_is_not_marked_on_it() -> None:
    state = make_state(at={"cow": 4, "wolf": 5, "pig": 0}, held=NO_ESCAPES)
    after = move(state, "wolf", 4)  # the cow loses the conflict and is eliminated
    assert after.track[0] == ring("cow")
    assert after.last_move == LastMove(seat=0, moved=(Moved("wolf", 5),))


def test_an_escape_answered_by_another_seat_belongs_to_the_turn_that_asked() -> None:
    state = make_state(players=2, at={"cow": 4, "pig": 3, "wolf": 5})
    asked = move(state, "wolf", 4)  # the wolf loses; seat 1 is asked
    saved = act(asked, 1, {"type": "save", "animal": "wolf"})
    # The wolf ran back home from the tile where it lost: it is marked as moved from there.
    assert saved.last_move == LastMove(seat=0, moved=(Moved("wolf", 4),))


def test_a_new_phase_starts_with_no_last_move() -> None:
    track = (("bear", "lynx", "", "sheep", "pig", "chicken", "fox", "wolf"), ring())
    state = make_state(at={"cow": 8}, track=track, losses=(2, 0))
    after = move(state, "cow", 9)
    assert after.half == 2 and after.last_move is None


def test_every_viewer_sees_the_same_last_move_in_words_of_the_log() -> None:
    state = make_state(at={"cow": 2, "wolf": 9})
    after = move(act(state, 0, {"type": "play_banana", "tile": 6}), "cow", 3)
    views = [ENGINE.view(after, viewer)["last_move"] for viewer in (None, 0, 1, 2)]
    expected = {"seat": 0, "moved": [{"animal": "cow", "from": 2}], "laid": 6}
    assert views == [expected] * 4
    assert ENGINE.view(state, None)["last_move"] is None


def test_a_state_stored_before_the_last_move_was_kept_still_loads() -> None:
    after = move(make_state(at={"cow": 2, "wolf": 9}), "cow", 3)
    stored = json.loads(json.dumps(ENGINE.encode(after)))
    del stored["last_move"]
    assert ENGINE.decode(stored).last_move is None
    assert ENGINE.decode(ENGINE.encode(after)) == after

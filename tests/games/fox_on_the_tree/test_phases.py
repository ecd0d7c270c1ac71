"""Phase 2, the end of the game, scoring and the tie-breaks."""

from __future__ import annotations

from typing import Any

from app.games.fox_on_the_tree import ENGINE
from app.games.fox_on_the_tree.data import ANIMALS
from app.games.fox_on_the_tree.scoring import score_of
from app.games.fox_on_the_tree.state import OVER, TURN, State
from tests.games.fox_on_the_tree.helpers import act_log, legal, make_state, move, ring

# Phase 1 ring for every test that ends the game: numbers 1 to 8.
PHASE1 = ("chicken", "cow", "sheep", "pig", "fox", "bear", "lynx", "wolf")


def last_move_of_phase_one(**kwargs: Any) -> State:
    """Seven animals done; the cow on tile 8 is the last one running."""
    track = (("bear", "lynx", "", "sheep", "pig", "chicken", "fox", "wolf"), ring())
    return make_state(at={"cow": 8}, track=track, losses=(2, 0), **kwargs)


def test_phase_two_swaps_the_standees_and_the_last_player_starts() -> None:
    state = last_move_of_phase_one(active=1, tokens={4: "swamp", 6: "banana"})
    after, log = act_log(state, 1, {"type": "move", "animal": "cow", "to": 9})
    assert after.half == 2 and after.phase == TURN and after.active == 1
    assert after.track[0][2] == "cow"
    farm_home = [after.positions[ANIMALS.index(a)] for a in ("cow", "pig", "chicken", "sheep")]
    predators_home = [after.positions[ANIMALS.index(a)] for a in ("wolf", "fox", "bear", "lynx")]
    assert farm_home == [9, 9, 9, 9] and predators_home == [0, 0, 0, 0]
    assert after.tile_tokens[4] == "swamp" and after.tile_tokens[6] == "banana"
    assert any("Phase 2" in line for line in log)


def test_tokens_used_in_phase_one_stay_gone_and_held_ones_carry_over() -> None:
    held = [("escape",), ("banana", "swamp"), ()]
    state = last_move_of_phase_one(held=held)
    after = move(state, "cow", 9)
    assert after.held == (("escape",), ("banana", "swamp"), ())
    # Seat 0 still holds its Escape, but every animal is on its starting tile: nothing to send
    # home yet. Seat 1 may still lay both of its tokens.
    assert {a["type"] for a in legal(after, 0)} == {"move"}
    seat1 = make_state(at={"cow": 9, "wolf": 0}, half=2, active=1, held=held)
    assert {a["type"] for a in legal(seat1, 1)} == {"play_banana", "play_swamp", "move"}


def test_directions_are_reversed_in_phase_two() -> None:
    after = move(last_move_of_phase_one(), "cow", 9)
    moves = [(a["animal"], a["to"]) for a in legal(after, 0) if a["type"] == "move"]
    assert ("cow", 8) in moves and ("wolf", 1) in moves and ("wolf", 2) in moves
    view = ENGINE.view(after, 0)
    assert view["teams"]["farm"] == {"start": 9, "final": 0, "direction": -1}
    assert view["teams"]["predator"] == {"start": 0, "final": 9, "direction": 1}


def test_phase_one_ending_on_a_conflict_at_the_final_tile_starts_phase_two() -> None:
    # The wolf reaches the Farm where the cow still stands: the cow is eliminated (no Escape
    # on a starting tile), the wolf arrives, and the mover starts phase 2.
    track = (("bear", "", "", "sheep", "pig", "chicken", "fox", "lynx"), ring())
    state = make_state(at={"cow": 0, "wolf": 1}, track=track, losses=(1, 0), active=2)
    after = move(state, "wolf", 0)
    assert after.half == 2 and after.active == 2 and after.phase == TURN
    assert after.track[0][:3] == ("bear", "cow", "wolf")


def end_of_game(cards: tuple[int, ...], held: list[tuple[str, ...]]) -> State:
    """Phase 2 with the fox one step from the Lair: its arrival ends the match."""
    phase2 = ("lynx", "pig", "cow", "sheep", "chicken", "wolf", "bear", "")
    return make_state(
        players=len(cards),
        half=2,
        at={"fox": 8},
        track=(PHASE1, phase2),
        losses=(1, 2),
        cards=cards,
        held=held,
    )


def test_rulebook_final_score_example_gives_fourteen() -> None:
    # Card 2 favours the pig and the wolf and dislikes the chicken: wolf 8 + 6, pig 4 + 2,
    # chicken 1 + 5, so 20 - 6 = 14.
    state = end_of_game((2, 5), [(), ()])
    over = move(state, "fox", 9)
    assert over.phase == OVER and over.track[1][7] == "fox"
    assert score_of(over, 0) == 14
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.scores[0] == 14.0
    assert outcome.detail["seats"][0]["plus"] == 20 and outcome.detail["seats"][0]["minus"] == 6


def test_the_most_points_wins() -> None:
    over = move(end_of_game((2, 5), [(), ()]), "fox", 9)
    outcome = ENGINE.outcome(over)
    # Card 5: cow 2 + 3 and fox 5 + 8, minus chicken 1 + 5 = 12.
    assert outcome is not None and outcome.scores == (14.0, 12.0)
    assert outcome.winners == (0,) and outcome.reason == "highest_score"
    assert ENGINE.to_act(over) == () and legal(over, 0) == []


def test_a_tie_goes_to_more_tokens_left_then_is_shared() -> None:
    # Card 2 (pig, wolf, not chicken) and card 7 (chicken, fox, not cow) both make 14 here.
    by_tokens = move(end_of_game((2, 7), [("escape",), ("banana", "swamp")]), "fox", 9)
    outcome = ENGINE.outcome(by_tokens)
    assert outcome is not None and outcome.scores == (14.0, 14.0)
    assert outcome.winners == (1,) and outcome.reason == "tie_break_tokens"
    shared = ENGINE.outcome(move(end_of_game((2, 7), [("escape",), ("swamp",)]), "fox", 9))
    assert shared is not None
    assert shared.winners == (0, 1) and shared.reason == "shared_victory"
    assert (
        "share the victory"
        in ENGINE.view(move(end_of_game((2, 7), [(), ()]), "fox", 9), None)["prompt"]
    )


def test_every_card_is_revealed_at_the_end() -> None:
    state = end_of_game((2, 5), [(), ()])
    before = ENGINE.view(state, None)
    assert before["cards"] is None and before["your_card"] is None
    over = move(state, "fox", 9)
    for viewer in (0, 1, None):
        view = ENGINE.view(over, viewer)
        assert [c["id"] for c in view["cards"]] == ["card-2", "card-5"]
        assert view["scores"] == [14, 12] and view["winners"] == [0]
    assert ENGINE.secrets(over) == ()
    assert "{seat0} wins with 14 points" in ENGINE.view(over, 1)["prompt"]

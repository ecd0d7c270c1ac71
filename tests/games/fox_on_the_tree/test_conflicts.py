"""Conflicts, elimination and arrival on the scoring track, and the Escape reaction."""

from __future__ import annotations

from app.games.fox_on_the_tree import ENGINE
from app.games.fox_on_the_tree.data import ACTION_TOKENS
from app.games.fox_on_the_tree.state import ESCAPE_QUESTION, TURN
from tests.games.fox_on_the_tree.helpers import act, act_log, legal, make_state, move, ring, where

NO_ESCAPES = [("banana", "swamp")] * 3


def test_one_vs_one_the_lone_farm_animal_loses() -> None:
    state = make_state(at={"cow": 4, "wolf": 5, "pig": 0}, held=NO_ESCAPES)
    after = move(state, "wolf", 4)
    assert where(after, "wolf") == 4 and after.track[0][0] == "cow"


def test_rulebook_one_vs_one_a_supported_farm_animal_wins() -> None:
    # The pig stands directly behind the cow (farm animals go towards tile 9): the wolf loses.
    state = make_state(at={"cow": 4, "pig": 3, "wolf": 5}, held=NO_ESCAPES)
    after = move(state, "wolf", 4)
    assert where(after, "cow") == 4 and after.track[0][0] == "wolf"


def test_support_must_come_from_behind_not_from_ahead() -> None:
    state = make_state(at={"cow": 4, "pig": 5, "wolf": 6}, held=NO_ESCAPES)
    after = move(state, "wolf", 4)  # Jump over the pig
    assert after.track[0][0] == "cow"


def test_a_farm_animal_moving_in_is_supported_by_the_tile_it_left() -> None:
    state = make_state(at={"cow": 3, "pig": 3, "wolf": 4, "fox": 9}, held=NO_ESCAPES)
    assert move(state, "cow", 4).track[0][0] == "wolf"
    alone = make_state(at={"cow": 3, "wolf": 4, "fox": 5}, held=NO_ESCAPES)
    assert move(alone, "cow", 4).track[0][0] == "cow"  # predators behind do not help


def test_support_follows_the_farm_direction_in_phase_two() -> None:
    # Phase 2: farm animals walk towards tile 0, so "behind" tile 4 is tile 5.
    state = make_state(half=2, at={"cow": 4, "pig": 5, "wolf": 3}, held=NO_ESCAPES)
    assert move(state, "wolf", 4).track[1][0] == "wolf"
    unsupported = make_state(half=2, at={"cow": 4, "pig": 3, "wolf": 2}, held=NO_ESCAPES)
    assert move(unsupported, "wolf", 4).track[1][0] == "cow"


def test_rulebook_one_vs_many_the_wolf_loses_against_more_farm_animals() -> None:
    state = make_state(at={"cow": 4, "pig": 4, "wolf": 5}, held=NO_ESCAPES)
    after = move(state, "wolf", 4)
    assert after.track[0][0] == "wolf" and where(after, "cow") == where(after, "pig") == 4


def test_one_vs_many_a_lone_farm_animal_loses_even_when_supported() -> None:
    state = make_state(at={"cow": 3, "pig": 3, "wolf": 4, "fox": 4}, held=NO_ESCAPES)
    after = move(state, "cow", 4)
    assert after.track[0][0] == "cow" and where(after, "pig") == 3


def test_no_conflict_between_animals_of_one_team() -> None:
    state = make_state(at={"wolf": 5, "fox": 4, "cow": 0}, held=NO_ESCAPES)
    after = move(state, "wolf", 4)
    assert where(after, "wolf") == 4 and where(after, "fox") == 4 and after.track[0] == ring()


def test_eliminated_takes_the_lowest_and_arrived_the_highest_free_number() -> None:
    track = (("wolf", "", "", "", "", "", "", "sheep"), ring())
    state = make_state(
        at={"cow": 4, "fox": 5, "pig": 8, "bear": 0},
        track=track,
        losses=(1, 0),
        held=NO_ESCAPES,
    )
    eliminated = move(state, "fox", 4)
    assert eliminated.track[0][1] == "cow"
    arrived = move(state, "pig", 9)
    assert arrived.track[0][6] == "pig"
    view = ENGINE.view(arrived, 0)
    assert view["track"][0][6] == {"number": 7, "animal": "pig", "fate": "arrived"}
    assert view["track"][0][0] == {"number": 1, "animal": "wolf", "fate": "eliminated"}


def test_rulebook_scoring_after_a_conflict_on_the_final_tile() -> None:
    # The cow reaches the Lair where the bear still stands, supported by the pig on tile 8:
    # the bear is eliminated on its starting tile (no Escape possible), the cow arrives.
    state = make_state(at={"cow": 8, "pig": 8, "bear": 9, "wolf": 5})
    after, log = act_log(state, 0, {"type": "move", "animal": "cow", "to": 9})
    assert after.phase == TURN and after.pending is None
    assert after.track[0][0] == "bear" and after.track[0][7] == "cow"
    assert any("arrives" in line for line in log)


def test_an_animal_arriving_on_its_final_tile_against_many_loses() -> None:
    state = make_state(at={"cow": 8, "bear": 9, "lynx": 9}, held=NO_ESCAPES)
    after = move(state, "cow", 9)
    assert after.track[0][0] == "cow" and where(after, "bear") == 9


def test_a_predator_reaching_the_farm_beats_a_lone_farm_animal_still_at_home() -> None:
    # Nothing lies behind the Farm, so the cow has no support; it is on its starting tile,
    # so nobody is asked for an Escape even though everyone holds one.
    state = make_state(at={"wolf": 1, "cow": 0, "fox": 6})
    after = move(state, "wolf", 0)
    assert after.phase == TURN
    assert after.track[0][0] == "cow" and after.track[0][7] == "wolf"


def test_an_animal_arriving_with_no_one_on_the_final_tile_arrives() -> None:
    state = make_state(at={"wolf": 1, "fox": 6})
    assert move(state, "wolf", 0).track[0][7] == "wolf"


# --------------------------------------------------------------------------- the Escape


def test_escape_question_goes_to_the_next_players_in_turn_order_only() -> None:
    held = [ACTION_TOKENS, ACTION_TOKENS, ("banana",), ACTION_TOKENS, ACTION_TOKENS]
    state = make_state(players=5, active=3, at={"cow": 4, "wolf": 5, "pig": 0}, held=held)
    after = move(state, "wolf", 4, seat=3)
    assert after.phase == ESCAPE_QUESTION
    assert after.pending is not None and after.pending.asking == (4, 0, 1)
    assert ENGINE.to_act(after) == (4,)
    assert legal(after, 4) == [
        {"type": "save", "animal": "cow"},
        {"type": "decline", "animal": "cow"},
    ]
    assert all(legal(after, seat) == [] for seat in (0, 1, 2, 3))


def test_the_first_player_who_uses_escape_sends_the_animal_home() -> None:
    state = make_state(players=3, active=0, at={"cow": 4, "wolf": 5, "pig": 0})
    asked = move(state, "wolf", 4)
    declined = act(asked, 1, {"type": "decline", "animal": "cow"})
    assert ENGINE.to_act(declined) == (2,)
    saved, log = act_log(declined, 2, {"type": "save", "animal": "cow"})
    assert where(saved, "cow") == 0 and saved.track[0] == ring()
    assert "escape" not in saved.held[2] and "escape" in saved.held[1]
    assert saved.phase == TURN and saved.active == 1  # the turn passes left of the mover
    assert any("Escape" in line for line in log)


def test_if_every_asked_player_declines_the_animal_is_eliminated() -> None:
    state = make_state(players=3, active=0, at={"cow": 4, "wolf": 5, "pig": 0})
    asked = move(state, "wolf", 4)
    after = act(
        act(asked, 1, {"type": "decline", "animal": "cow"}),
        2,
        {
            "type": "decline",
            "animal": "cow",
        },
    )
    assert after.track[0][0] == "cow" and after.phase == TURN and after.active == 1
    assert all("escape" in held for held in after.held)


def test_no_question_when_nobody_else_holds_an_escape_token() -> None:
    held = [ACTION_TOKENS, ("swamp",), ()]
    state = make_state(players=3, at={"cow": 4, "wolf": 5, "pig": 0}, held=held)
    after = move(state, "wolf", 4)
    assert after.phase == TURN and after.track[0][0] == "cow"


def test_the_player_on_turn_is_never_asked() -> None:
    held = [ACTION_TOKENS, (), ()]
    state = make_state(players=3, active=0, at={"cow": 4, "wolf": 5, "pig": 0}, held=held)
    assert move(state, "wolf", 4).track[0][0] == "cow"


def test_an_animal_eliminated_on_its_final_tile_can_be_saved_back_to_its_start() -> None:
    state = make_state(players=2, at={"cow": 8, "bear": 9, "lynx": 9})
    asked = move(state, "cow", 9)
    assert asked.pending is not None and asked.pending.animal == "cow"
    saved = act(asked, 1, {"type": "save", "animal": "cow"})
    assert where(saved, "cow") == 0 and saved.track[0] == ring()


def test_a_loser_on_a_path_tile_saved_by_escape_leaves_the_winner_in_place() -> None:
    state = make_state(players=2, at={"cow": 4, "pig": 3, "wolf": 5})
    saved = act(move(state, "wolf", 4), 1, {"type": "save", "animal": "wolf"})
    assert where(saved, "wolf") == 9 and where(saved, "cow") == 4


def test_escape_at_the_start_of_a_turn_sends_an_animal_on_a_path_tile_home() -> None:
    state = make_state(at={"cow": 5, "pig": 0, "wolf": 3}, tokens={5: "swamp"})
    escapes = [a["animal"] for a in legal(state, 0) if a["type"] == "play_escape"]
    assert escapes == ["cow", "wolf"]  # the pig is on its starting tile
    after = act(state, 0, {"type": "play_escape", "animal": "wolf"})
    assert where(after, "wolf") == 9 and "escape" not in after.held[0]
    assert after.phase == "after_token" and after.active == 0


def test_in_phase_two_a_farm_animal_still_in_the_lair_is_never_supported() -> None:
    # Phase 2: the cow starts in the Lair; nothing lies behind it, so the lone bear arriving
    # wins, and the cow, on its starting tile, cannot be saved.
    state = make_state(half=2, at={"cow": 9, "bear": 8, "pig": 5})
    after = move(state, "bear", 9)
    assert after.phase == TURN
    assert after.track[1][0] == "cow" and after.track[1][7] == "bear"


def test_escape_at_the_start_of_a_turn_uses_the_phase_two_starting_tiles() -> None:
    state = make_state(half=2, at={"cow": 4, "wolf": 6})
    after = act(state, 0, {"type": "play_escape", "animal": "cow"})
    assert where(after, "cow") == 9
    after = act(state, 0, {"type": "play_escape", "animal": "wolf"})
    assert where(after, "wolf") == 0


def test_escape_takes_an_animal_out_of_a_swamp_and_the_swamp_stays() -> None:
    state = make_state(at={"cow": 5, "wolf": 8}, tokens={5: "swamp"})
    after = act(state, 0, {"type": "play_escape", "animal": "cow"})
    assert where(after, "cow") == 0 and after.tile_tokens[5] == "swamp"

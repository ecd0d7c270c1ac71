"""Every trigger ability, and the FAQ's flying and tunnel questions."""

from __future__ import annotations

from app.games.oh_fox.data import HEALING
from app.games.oh_fox.scoring_reckoning import FLY, JUMP, LAND, WALK, track
from tests.games.oh_fox.helpers import attacks_by_turn, row, run, sp


def _end(animal: str, rows: str, start: str) -> str:
    space = track(animal, row(rows), sp(start))[-1]
    return f"r{space[0]}c{space[1]}"


# ----------------------------------------------------------------------------- prey


def test_hedgehog_moves_one_space_and_cannot_be_attacked_that_turn() -> None:
    assert _end("hedgehog", "TE", "r0c1") == "r0c2"
    # Turn 3: hedgehog and badger swap places along a route; the hedgehog is immune.
    immune = run(("hedgehog", "badger"), "X X TE", "1W 1N 1W")
    assert immune.attacked == (0, 0)
    assert immune.turns[2].immune == (0,)
    # The same meeting with a single move card is an attack.
    assert run(("hedgehog", "badger"), "X X 1E", "1W 1N 1W").attacked == (1, 0)


def test_hedgehog_immunity_lasts_only_its_trigger_turn() -> None:
    # Turn 3 the hedgehog moves onto the viper (immune); turn 4 they still share r0c2.
    reckoning = run(("hedgehog", "viper"), "X X TE X", "1W 1N X X")
    assert sorted(attacks_by_turn(reckoning)) == [4]


def test_rabbit_goes_through_the_tunnel_whatever_its_direction() -> None:
    # r0c0 is a purple tunnel: its other end is r2c2.
    for direction in "NESW":
        assert _end("rabbit", f"1W T{direction}", "r0c1") == "r2c2"
    reckoning = run(("rabbit", "fox"), "1W TN", "X X")
    assert reckoning.turns[1].steps[0][0].mode == JUMP
    # The orange tunnel: r0c3 <-> r2c1.
    assert _end("rabbit", "2E TS", "r0c1") == "r2c1"


def test_rabbit_without_a_tunnel_makes_a_single_move() -> None:
    assert _end("rabbit", "TE", "r0c1") == "r0c2"


def test_rat_moves_in_the_opposite_direction() -> None:
    assert _end("rat", "TN", "r0c1") == "r1c1"
    assert _end("rat", "TE", "r0c1") == "r0c0"


def test_sparrow_flies_until_it_lands_on_a_home_of_any_colour() -> None:
    # From r0c2 south: r1c2, r2c2, then green's home r3c2 (unused in a 2-player game).
    reckoning = run(("sparrow", "fox"), "1E TS", "X X")
    steps = reckoning.turns[1].steps
    assert [(m[0].mode, m[0].end) for m in steps] == [
        (FLY, sp("r1c2")),
        (FLY, sp("r2c2")),
        (LAND, sp("r3c2")),
    ]


def test_sparrow_starting_on_a_home_still_flies_to_the_next_home() -> None:
    # Row 0 holds only red's home: the sparrow flies all the way round back onto it.
    assert _end("sparrow", "TE", "r0c1") == "r0c1"
    reckoning = run(("sparrow", "fox"), "TE", "X")
    assert len(reckoning.turns[0].steps) == 4


def test_sparrow_cannot_be_attacked_while_flying() -> None:
    # The badger waits on r1c2; the sparrow flies over it.
    assert run(("sparrow", "badger"), "1E TS", "1W X").attacked == (0, 0)
    # Walking through the same space is an attack.
    assert run(("sparrow", "badger"), "1E 2S", "1W X").attacked == (1, 0)


def test_sparrow_can_be_attacked_on_the_space_it_lands_on() -> None:
    # The fox walks to green's home r3c2 and waits; the sparrow lands there in turn 4.
    reckoning = run(("sparrow", "fox"), "1E X X TS", "1S 1S 1W X")
    assert attacks_by_turn(reckoning) == {4: [(0, "r3c2", False)]}
    assert [len(a) for a in reckoning.turns[3].attacks] == [0, 0, 1]


def test_squirrel_trigger_is_a_double_move() -> None:
    assert _end("squirrel", "TE", "r0c1") == "r0c3"
    assert len(run(("squirrel", "fox"), "TE", "X").turns[0].steps) == 2


def test_toad_jumps_to_the_healing_space_from_anywhere() -> None:
    for direction in "NESW":
        assert _end("toad", f"T{direction}", "r0c1") == "r1c1"
    assert _end("toad", "2S TW", "r0c1") == "r1c1"


def test_toad_jumps_even_when_already_on_the_healing_space() -> None:
    reckoning = run(("toad", "fox"), "TE TN", "X X")
    assert reckoning.turns[1].steps[0][0].mode == JUMP
    assert reckoning.turns[1].ends[0] == HEALING


def test_toad_jumping_onto_the_predator_is_attacked_and_heals_at_once() -> None:
    reckoning = run(("toad", "fox"), "X TE", "2W X")
    assert attacks_by_turn(reckoning) == {2: [(0, "r1c1", False)]}
    assert reckoning.broken == (0, 0)
    assert reckoning.attacks_made == 1


# ----------------------------------------------------------------------------- predators


def test_badger_goes_through_the_tunnel_or_makes_a_single_move() -> None:
    assert _end("badger", "1W 1S TN", "r1c3") == "r0c0"
    assert _end("badger", "TW", "r1c3") == "r1c2"


def test_faq_rabbit_and_badger_do_not_meet_in_the_same_tunnel() -> None:
    # Turn 3: the rabbit goes r0c0 -> r2c2 while the badger goes r2c2 -> r0c0.
    reckoning = run(("rabbit", "badger"), "1W X TN", "1W 1S TE")
    assert reckoning.turns[2].ends == (sp("r2c2"), sp("r0c0"))
    assert reckoning.attacked == (0, 0)


def test_coming_out_of_a_tunnel_onto_the_predator_is_an_attack() -> None:
    reckoning = run(("rabbit", "badger"), "1W X TN", "1W 1S X")
    assert attacks_by_turn(reckoning) == {3: [(0, "r2c2", False)]}


def test_fox_moves_in_the_opposite_direction() -> None:
    assert _end("fox", "TN", "r1c3") == "r2c3"


def test_owl_flies_three_spaces() -> None:
    reckoning = run(("owl", "squirrel"), "TS", "X")
    assert [m[0].mode for m in reckoning.turns[0].steps] == [FLY, FLY, LAND]
    assert reckoning.turns[0].ends[0] == sp("r3c1")


def test_rulebook_example_owl_flies_over_the_hedgehog_and_the_toad() -> None:
    # The hedgehog waits on r1c1 and the toad on r2c1; the owl flies r1c1, r2c1, lands r3c1.
    rows = ("X X TS", "2W X X", "1W 1N X")
    flying = run(("owl", "hedgehog", "toad"), *rows)
    assert flying.turns[2].ends[0] == sp("r3c1")
    assert flying.attacks_made == 0
    # Walking the same way (a double move) attacks both of them.
    walking = run(("owl", "hedgehog", "toad"), "X X 2S", *rows[1:])
    assert attacks_by_turn(walking) == {3: [(1, "r1c1", False), (2, "r2c1", False)]}


def test_owl_attacks_on_the_space_it_lands_on() -> None:
    reckoning = run(("owl", "hedgehog", "toad"), "X X TS", "2W X X", "1W X X")
    assert attacks_by_turn(reckoning) == {3: [(2, "r3c1", False)]}
    assert [len(a) for a in reckoning.turns[2].attacks] == [0, 0, 1]


def test_faq_sparrow_and_owl_do_not_meet_in_flight() -> None:
    # Turn 2: both fly over r1c1 in the same step.
    reckoning = run(("owl", "sparrow"), "X TS", "1W TW")
    assert reckoning.turns[1].steps[0][0].end == reckoning.turns[1].steps[0][1].end
    assert reckoning.attacked == (0, 0)


def test_viper_moves_one_space_and_back() -> None:
    reckoning = run(("viper", "squirrel"), "TE", "X")
    assert [(m[0].mode, m[0].end) for m in reckoning.turns[0].steps] == [
        (WALK, sp("r0c2")),
        (WALK, sp("r0c1")),
    ]


def test_viper_attacks_on_its_way_out() -> None:
    # Turn 3: the viper darts r0c2 -> r0c1 (the squirrel's home) and back to r0c2.
    reckoning = run(("squirrel", "viper"), "X X X", "1W 1N TW")
    assert attacks_by_turn(reckoning) == {3: [(0, "r0c1", False)]}
    assert reckoning.turns[2].ends[1] == sp("r0c2")


def test_viper_attacks_on_its_way_back() -> None:
    # Turn 3: the viper goes r0c2 -> r0c3 and back to r0c2, where the squirrel's double move
    # north (r2c2 -> r1c2 -> r0c2) arrives in step 2.
    reckoning = run(("squirrel", "viper"), "2S 1E 2N", "1W 1N TE")
    assert attacks_by_turn(reckoning) == {3: [(0, "r0c2", False)]}
    assert [len(a) for a in reckoning.turns[2].attacks] == [0, 1]
    # A single move out without the return leaves the squirrel alone.
    assert run(("squirrel", "viper"), "2S 1E 2N", "1W 1N 1E").attacked == (0, 0)

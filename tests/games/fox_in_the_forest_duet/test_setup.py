"""Components, setup, options and metadata."""

from __future__ import annotations

import pytest

from app.games.fox_in_the_forest_duet import ENGINE
from app.games.fox_in_the_forest_duet.data import DECK, PAWS
from app.games.fox_in_the_forest_duet.state import FOREST_SETUP, PLAY
from app.games.protocol import BadOptions
from tests.games.fox_in_the_forest_duet.helpers import act, legal


def test_metadata_forbids_free_chat_and_seats_exactly_two() -> None:
    assert ENGINE.id == "fox-in-the-forest-duet"
    assert ENGINE.free_chat is False
    assert list(ENGINE.seats) == [2]
    view = ENGINE.view(ENGINE.setup(2, {}, 1), 0)
    assert view["free_chat"] is False
    assert view["reactions"] == ["Nice!", "Oops", "Good luck"]


def test_thirty_cards_three_suits_ten_ranks_with_paw_prints() -> None:
    assert len(DECK) == 30 and len(set(DECK)) == 30
    assert {card.split("-")[0] for card in DECK} == {"doves", "roses", "stars"}
    assert PAWS == {1: 0, 2: 3, 3: 2, 4: 1, 5: 1, 6: 2, 7: 0, 8: 2, 9: 0, 10: 3}


def test_deal_eleven_each_a_decree_and_a_draw_pile_of_seven() -> None:
    state = ENGINE.setup(2, {}, 99)
    assert [len(hand) for hand in state.hands] == [11, 11]
    everything = [*state.hands[0], *state.hands[1], state.decree, *state.deck]
    assert sorted(everything) == sorted(DECK)
    assert len(state.deck) == 7
    view = ENGINE.view(state, 0)
    assert view["trump"] == state.decree.split("-")[0]
    assert view["draw_pile_count"] == 7


def test_seat_1_deals_round_one_so_seat_0_leads() -> None:
    state = ENGINE.setup(2, {}, 5)
    assert state.dealer == 1
    assert ENGINE.to_act(state) == (0,)


@pytest.mark.parametrize(
    ("level", "side", "gems", "supply"),
    [
        (1, "A", [2, 0, 2, 1, 1, 0, 1, 1, 2, 0, 2], 10),
        (2, "B", [2, 1, 2, 0, 1, 0, 1, 0, 2, 1, 2], 10),
    ],
)
def test_levels_one_and_two_board_sides(
    level: int, side: str, gems: list[int], supply: int
) -> None:
    state = ENGINE.setup(2, {"level": level}, 3)
    view = ENGINE.view(state, None)
    assert view["side"] == side
    assert [space["gems"] for space in view["path"]] == gems
    assert view["gems_on_board"] == 12 and view["gem_supply"] == supply
    assert view["tracker"] == 5 and view["forest_tokens_left"] == 4
    assert state.phase == PLAY


def test_plus_spaces_per_side() -> None:
    for level, plus in ((1, [1, 3, 4, 6, 8]), (2, [0, 2, 4, 8, 10])):
        path = ENGINE.view(ENGINE.setup(2, {"level": level}, 3), None)["path"]
        assert [space["space"] for space in path if space["plus"]] == plus


def test_level_three_starts_with_the_team_choosing_an_end_for_a_token() -> None:
    state = ENGINE.setup(2, {"level": 3}, 3)
    assert state.phase == FOREST_SETUP
    assert ENGINE.to_act(state) == (0,)
    assert legal(state, 0) == [
        {"type": "place_forest_token", "end": 0},
        {"type": "place_forest_token", "end": 1},
    ]
    after, log = act(state, 0, "place_forest_token", end=1)
    # Side B: the 2 gems on space 10 slide to space 9 (which had 1).
    assert after.gems == (2, 1, 2, 0, 1, 0, 1, 0, 2, 3, 0)
    assert after.covered == (0, 1) and after.forest_left == 3
    assert after.phase == PLAY and ENGINE.to_act(after) == (0,)
    assert "forest token" in log[0].text


def test_options_are_levels_one_to_three_defaulting_to_one_and_the_house_rule_off() -> None:
    assert ENGINE.check_options({}, 2) == {"level": 1, "open_tricks": False}
    assert ENGINE.check_options({"level": 3}, 2) == {"level": 3, "open_tricks": False}
    assert ENGINE.check_options({"open_tricks": True}, 2) == {"level": 1, "open_tricks": True}
    bad_options = ({"level": 4}, {"level": "1"}, {"level": True}, {"colour": 1})
    for bad in (*bad_options, {"open_tricks": 1}):
        with pytest.raises(BadOptions):
            ENGINE.check_options(bad, 2)
    with pytest.raises(BadOptions):
        ENGINE.check_options({}, 3)


def test_same_seed_deals_the_same_cards_and_another_seed_does_not() -> None:
    assert ENGINE.setup(2, {}, 7) == ENGINE.setup(2, {}, 7)
    assert ENGINE.setup(2, {}, 7).hands != ENGINE.setup(2, {}, 8).hands

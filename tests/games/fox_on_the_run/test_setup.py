"""Setup: the grid, the tile set, the golden rule, neutrals, turn order and lobby options."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.fox_on_the_run import ENGINE, data
from app.games.fox_on_the_run.state import State
from app.games.protocol import BadOptions

from .helpers import current_name, play, step_directions, where

SEEDS = range(40)


def seats_by_faction(state: State) -> dict[str, set[int]]:
    result: dict[str, set[int]] = {data.FOXES: set(), data.GUARDIANS: set()}
    for c in state.characters:
        result[c.faction].add(c.seat)
    return result


def test_the_grid_has_three_start_tiles_and_22_face_down_directional_tiles() -> None:
    state = ENGINE.setup(4, {}, 7)
    starts = {t.id: divmod(i, 5) for i, t in enumerate(state.board) if t.is_start}
    assert starts == {"start-scarlett": (0, 0), "start-guardians": (1, 1), "start-indigo": (4, 4)}
    directional = [t for t in state.board if not t.is_start]
    assert len(directional) == 22 and not any(t.face_up for t in directional)
    assert all(t.turns == 0 for t in directional)
    assert sorted(t.id for t in directional) == sorted(i for i, _ in data.DIRECTIONAL_TILES)


def test_the_tile_set_is_12_singles_and_10_doubles() -> None:
    kinds = Counter("+".join(arrows) for _, arrows in data.DIRECTIONAL_TILES)
    assert kinds == {
        "N": 3, "E": 3, "S": 3, "W": 3,
        "N+S": 1, "E+W": 1, "N+E": 2, "E+S": 2, "S+W": 2, "N+W": 2,
    }  # fmt: skip


def test_the_deal_is_random_but_fixed_by_the_seed() -> None:
    deals = {tuple(t.id for t in ENGINE.setup(4, {}, seed).board) for seed in SEEDS}
    assert len(deals) == len(SEEDS)
    again = ENGINE.setup(4, {}, 3)
    assert ENGINE.encode(again) == ENGINE.encode(ENGINE.setup(4, {}, 3))


def test_characters_start_on_their_start_tiles_and_indigo_plays_first() -> None:
    state = ENGINE.setup(4, {}, 11)
    assert [where(state, n) for n in ("scarlett", "indigo", "zev", "puffer")] == [
        "A1", "E5", "B2", "B2",
    ]  # fmt: skip
    assert [c.name for c in state.characters] == ["indigo", "puffer", "scarlett", "zev"]
    assert current_name(state) == data.INDIGO and state.phase == "step"


def test_four_players_each_draw_one_character_at_random() -> None:
    seen = set()
    for seed in SEEDS:
        state = ENGINE.setup(4, {}, seed)
        assert sorted(c.seat for c in state.characters) == [0, 1, 2, 3]
        seen.add(tuple(c.seat for c in state.characters))
    assert len(seen) > 10


def test_three_players_the_one_without_a_teammate_manages_both_characters() -> None:
    lone_factions = set()
    for seed in SEEDS:
        state = ENGINE.setup(3, {}, seed)
        teams = seats_by_faction(state)
        assert sorted(len(team) for team in teams.values()) == [1, 2]
        lone = next(f for f, team in teams.items() if len(team) == 1)
        lone_factions.add(lone)
        assert {c.seat for c in state.characters} == {0, 1, 2}
    assert lone_factions == {data.FOXES, data.GUARDIANS}


def test_two_players_each_manage_both_characters_of_one_faction() -> None:
    """Susan draws Zev, so she plays Zev and Puffer; Mark plays Indigo and Scarlett."""
    fox_seats = set()
    for seed in SEEDS:
        state = ENGINE.setup(2, {}, seed)
        teams = seats_by_faction(state)
        assert len(teams[data.FOXES]) == len(teams[data.GUARDIANS]) == 1
        assert teams[data.FOXES] != teams[data.GUARDIANS]
        fox_seats |= teams[data.FOXES]
    assert fox_seats == {0, 1}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_with_the_expansion_every_player_keeps_to_one_faction(players: int) -> None:
    for seed in SEEDS:
        state = ENGINE.setup(players, {"neutrals": "random"}, seed)
        teams = seats_by_faction(state)
        assert not teams[data.FOXES] & teams[data.GUARDIANS]
        assert teams[data.FOXES] and teams[data.GUARDIANS]
        assert {c.seat for c in state.characters} == set(range(players))
        assert (
            sorted(len(team) for team in teams.values())
            == {2: [1, 1], 3: [1, 2], 4: [2, 2], 5: [2, 3], 6: [3, 3]}[players]
        )


def test_five_players_one_player_manages_two_characters_of_the_same_faction() -> None:
    for seed in SEEDS:
        state = ENGINE.setup(5, {}, seed)
        per_seat = Counter(c.seat for c in state.characters)
        assert sorted(per_seat.values()) == [1, 1, 1, 1, 2]


def test_expansion_turn_order_example_raffles_with_the_foxes() -> None:
    state = ENGINE.setup(6, {"neutrals": "raffles-with-foxes"}, 1)
    assert [c.name for c in state.characters] == [
        "indigo", "puffer", "raffles", "napoleon", "scarlett", "zev",
    ]  # fmt: skip
    assert where(state, "raffles") == "E1" and where(state, "napoleon") == "A5"
    factions = {c.name: c.faction for c in state.characters}
    assert factions["raffles"] == "foxes" and factions["napoleon"] == "guardians"


def test_napoleon_with_the_foxes_starts_top_right_and_plays_third() -> None:
    state = ENGINE.setup(6, {"neutrals": "raffles-with-guardians"}, 1)
    assert [c.name for c in state.characters][2:4] == ["napoleon", "raffles"]
    assert where(state, "napoleon") == "E1" and where(state, "raffles") == "A5"


def test_random_neutral_sides_differ_between_seeds_and_are_never_the_same_side() -> None:
    sides = set()
    for seed in SEEDS:
        state = ENGINE.setup(6, {"neutrals": "random"}, seed)
        factions = {c.name: c.faction for c in state.characters}
        assert factions["raffles"] != factions["napoleon"]
        sides.add(factions["raffles"])
    assert sides == {data.FOXES, data.GUARDIANS}


def test_a_seat_with_two_characters_plays_both_in_turn_order() -> None:
    state = ENGINE.setup(2, {}, 4)
    expected = [c.seat for c in state.characters] * 2
    actual = []
    for _ in range(8):
        actual.append(ENGINE.to_act(state)[0])
        assert current_name(state) == state.characters[state.current].name
        state, _ = play(state, {"type": "step", "direction": sorted(step_directions(state))[0]})
        while state.phase not in ("step", "over"):
            state, _ = play(state, dict(ENGINE.legal_actions(state, ENGINE.to_act(state)[0])[-1]))
        if state.phase == "over":
            break
    assert actual == expected[: len(actual)]


def test_the_view_shows_everyone_who_plays_what() -> None:
    state = ENGINE.setup(3, {}, 9)
    spectator = ENGINE.view(state, None)
    assert [c["seat"] for c in spectator["characters"]] == [c.seat for c in state.characters]
    assert spectator["turn_order"] == ["indigo", "puffer", "scarlett", "zev"]


# --------------------------------------------------------------------------- options


def test_options_default_to_the_base_game_for_two_to_four_players() -> None:
    for players in (2, 3, 4):
        assert ENGINE.check_options({}, players) == {"neutrals": "off"}


def test_five_and_six_players_bring_in_the_expansion_at_random_sides_by_default() -> None:
    for players in (5, 6):
        normalized = ENGINE.check_options({}, players)
        assert normalized == {"neutrals": "random"}
        assert ENGINE.check_options(normalized, players) == normalized


def test_five_or_six_players_without_the_expansion_are_refused() -> None:
    with pytest.raises(BadOptions, match="5 or 6 players"):
        ENGINE.check_options({"neutrals": "off"}, 5)


@pytest.mark.parametrize(
    ("raw", "players"),
    [({"neutrals": "yes"}, 4), ({"colour": "red"}, 4), ({}, 7), ({}, 1)],
)
def test_bad_options_are_refused(raw: dict[str, object], players: int) -> None:
    with pytest.raises(BadOptions):
        ENGINE.check_options(raw, players)


def test_the_neutrals_option_works_with_two_to_four_players_too() -> None:
    state = ENGINE.setup(2, {"neutrals": "raffles-with-foxes"}, 2)
    assert len(state.characters) == 6
    teams = seats_by_faction(state)
    assert len(teams[data.FOXES]) == 1

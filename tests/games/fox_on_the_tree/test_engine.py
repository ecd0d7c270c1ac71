"""The engine through its contract: setup, strict parsing, views, secrets, JSON, a full match."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games.fox_on_the_tree import ENGINE
from app.games.fox_on_the_tree.data import ANIMALS, FARM, OFF_BOARD, PATH_TILES, team_of
from app.games.fox_on_the_tree.state import TURN, Pending, State, animals_on, position
from app.games.protocol import ILLEGAL, MALFORMED, NOT_YOUR_TURN, IllegalAction
from app.games.rng import pick
from tests.games.fox_on_the_tree.helpers import make_state, move


def test_setup_deals_distinct_secret_cards_tokens_and_standees() -> None:
    state = ENGINE.setup(5, {}, seed=99)
    assert len(set(state.cards)) == 5 and all(1 <= n <= 16 for n in state.cards)
    assert state.held == (("banana", "swamp", "escape"),) * 5
    assert [position(state, a) for a in ANIMALS] == [0, 0, 0, 0, 9, 9, 9, 9]
    assert state.tile_tokens == ("",) * 10 and state.half == 1 and state.phase == TURN


def test_setup_is_seeded_and_the_first_player_is_random() -> None:
    assert ENGINE.setup(4, {}, 7) == ENGINE.setup(4, {}, 7)
    first_players = {ENGINE.setup(4, {}, seed).active for seed in range(40)}
    assert first_players == {0, 1, 2, 3}


def test_no_options_and_two_to_five_seats() -> None:
    assert ENGINE.seats == range(2, 6)
    assert ENGINE.check_options({}, 3) == {}


@pytest.mark.parametrize(
    "action",
    [
        None,
        {},
        {"type": "jump"},
        {"type": "move", "animal": "cow"},
        {"type": "move", "animal": "cow", "to": 1, "extra": 0},
        {"type": "move", "animal": "dragon", "to": 1},
        {"type": "move", "animal": "cow", "to": True},
        {"type": "move", "animal": "cow", "to": 10},
        {"type": "play_banana", "tile": "3"},
        {"type": "pass", "tile": 1},
    ],
)
def test_malformed_actions_are_refused_as_malformed(action: Any) -> None:
    state = make_state(at={"cow": 0, "wolf": 9})
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(state, 0, action)
    assert refusal.value.code == MALFORMED


def test_other_seats_get_not_your_turn_and_forbidden_moves_illegal() -> None:
    state = make_state(at={"cow": 0, "wolf": 9})
    with pytest.raises(IllegalAction) as waiting:
        ENGINE.apply(state, 1, {"type": "move", "animal": "cow", "to": 1})
    assert waiting.value.code == NOT_YOUR_TURN
    with pytest.raises(IllegalAction) as forbidden:
        ENGINE.apply(state, 0, {"type": "move", "animal": "cow", "to": 5})
    assert forbidden.value.code == ILLEGAL and "cannot end a move" in forbidden.value.message


def test_during_an_escape_question_only_the_asked_seat_may_act() -> None:
    asked = move(make_state(at={"cow": 4, "wolf": 5, "pig": 0}), "wolf", 4)
    with pytest.raises(IllegalAction) as waiting:
        ENGINE.apply(asked, 0, {"type": "move", "animal": "pig", "to": 1})
    assert waiting.value.code == NOT_YOUR_TURN
    with pytest.raises(IllegalAction) as wrong:
        ENGINE.apply(asked, 1, {"type": "save", "animal": "pig"})
    assert wrong.value.code == ILLEGAL and "Cow" in wrong.value.message
    view = ENGINE.view(asked, 1)
    assert view["escape_question"] == {"animal": "cow", "tile": 4, "asking": 1, "then": [2]}
    assert view["prompt"].startswith("Use your Escape token to save the Cow?")
    assert ENGINE.view(asked, 0)["prompt"] == (
        "Waiting for {seat1}: will they save the Cow with an Escape token?"
    )


def test_each_seat_sees_only_its_own_card() -> None:
    state = ENGINE.setup(4, {}, seed=3)
    for seat in range(4):
        sent = json.dumps(ENGINE.view(state, seat))
        own = f"card-{state.cards[seat]}"
        assert own in sent
        assert all(f'"card-{n}"' not in sent for n in state.cards if f"card-{n}" != own)
    spectator = ENGINE.view(state, None)
    assert spectator["your_card"] is None and "card-" not in json.dumps(spectator)


def test_every_view_has_a_prompt_with_seat_placeholders() -> None:
    state = make_state(at={"cow": 0, "wolf": 9}, active=2)
    assert ENGINE.view(state, 0)["prompt"] == "Waiting for {seat2} to play."
    assert ENGINE.view(state, 2)["prompt"].startswith("Your turn: you may play an action token")


def test_secrets_are_the_cards_known_to_their_owners() -> None:
    state = make_state(at={"cow": 0}, cards=(4, 9, 16))
    assert [(s.value, s.known_to) for s in ENGINE.secrets(state)] == [
        ("card-4", (0,)),
        ("card-9", (1,)),
        ("card-16", (2,)),
    ]


def test_determinize_keeps_the_viewers_card_and_redeals_the_others() -> None:
    state = make_state(at={"cow": 0}, players=5, cards=(1, 2, 3, 4, 5))
    rng = random.Random(4)
    seen_other_cards: set[int] = set()
    for _ in range(30):
        twin = ENGINE.determinize(state, 2, rng)
        assert twin.cards[2] == 3 and len(set(twin.cards)) == 5
        assert twin.positions == state.positions and twin.seed != state.seed
        seen_other_cards.update(twin.cards[:2] + twin.cards[3:])
    assert len(seen_other_cards) > 5


def test_the_phase_two_card_reminder_is_private() -> None:
    track = (("bear", "lynx", "", "sheep", "pig", "chicken", "fox", "wolf"), ("",) * 8)
    state = make_state(at={"cow": 8}, track=track, losses=(2, 0), cards=(6, 11, 13))
    log = ENGINE.apply(state, 0, {"type": "move", "animal": "cow", "to": 9}).log
    private = [entry for entry in log if entry.audience is not None]
    assert [entry.audience for entry in private] == [0, 1, 2]
    assert private[1].data["card"] == "card-11" and "Chicken" in private[1].text


def test_states_round_trip_through_json_with_an_open_question() -> None:
    state = make_state(
        at={"cow": 4, "wolf": 4}, phase="escape_question", pending=Pending("cow", (1, 2))
    )
    assert ENGINE.decode(json.loads(json.dumps(ENGINE.encode(state)))) == state


def play(seed: int, players: int) -> tuple[State, int]:
    chooser = random.Random(seed)
    state = ENGINE.setup(players, {}, seed)
    steps = 0
    while ENGINE.to_act(state):
        assert steps < 2000, "the match does not end"
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, pick(chooser, ENGINE.legal_actions(state, seat))).state
        steps += 1
    return state, steps


def test_a_seeded_full_match_plays_both_phases_to_a_score() -> None:
    final, steps = play(seed=2024, players=4)
    again, _ = play(seed=2024, players=4)
    assert final == again and steps > 40
    assert final.half == 2 and final.phase == "over"
    assert all(sorted(ring) == sorted(ANIMALS) for ring in final.track)
    outcome = ENGINE.outcome(final)
    assert outcome is not None and len(outcome.scores) == 4 and outcome.winners


def invariants_hold(state: State) -> None:
    """What no action may ever break."""
    placed = [a for a in ANIMALS if a in state.track[state.half - 1]]
    running = [a for a in ANIMALS if position(state, a) != OFF_BOARD]
    assert sorted(placed + running) == sorted(ANIMALS)  # each animal once: running or placed
    for tile in range(10):
        here = animals_on(state, tile)
        farm = sum(team_of(a) == FARM for a in here)
        assert farm <= 4 and len(here) - farm <= 4
        if state.tile_tokens[tile]:
            assert tile in PATH_TILES
        if state.tile_tokens[tile] == "banana":
            assert not here
        if state.phase != "escape_question":
            assert len({team_of(a) for a in here}) <= 1  # conflicts are always resolved
    assert all(len(set(held)) == len(held) for held in state.held)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_random_matches_keep_the_board_consistent(seed: int, players: int) -> None:
    chooser = random.Random(seed)
    state = ENGINE.setup(players, {}, seed)
    for _ in range(2000):
        if not ENGINE.to_act(state):
            break
        invariants_hold(state)
        seat = pick(chooser, ENGINE.to_act(state))
        state = ENGINE.apply(state, seat, pick(chooser, ENGINE.legal_actions(state, seat))).state
    invariants_hold(state)
    assert ENGINE.outcome(state) is not None


def test_the_view_draws_the_whole_table() -> None:
    state = make_state(
        at={"cow": 3, "wolf": 3, "pig": 0}, tokens={3: "swamp", 5: "banana"}, cards=(7, 2, 9)
    )
    view = ENGINE.view(state, 1)
    assert [tile["index"] for tile in view["tiles"]] == list(range(10))
    assert view["tiles"][3] == {
        "index": 3,
        "name": "Path tile 3",
        "kind": "path",
        "token": "swamp",
        "animals": ["cow", "wolf"],
    }
    assert view["tiles"][0]["kind"] == "farm" and view["tiles"][9]["kind"] == "lair"
    cow = view["animals"][0]
    assert cow["animal"] == "cow" and cow["status"] == "on_board" and cow["stuck"] is True
    assert view["seats"][0] == {
        "seat": 0,
        "tokens": ["banana", "swamp", "escape"],
        "tokens_left": 3,
    }
    assert view["your_card"] == {
        "id": "card-2",
        "farm": "pig",
        "predator": "wolf",
        "disliked": "chicken",
    }
    assert view["cards_undealt"] == 13 and view["cards"] is None
    assert len(view["track"]) == 2 and all(len(ring) == 8 for ring in view["track"])
    assert view["phase"] == 1 and view["active"] == 0 and view["to_act"] == [0]


def test_log_lines_name_players_by_placeholder() -> None:
    state = make_state(at={"cow": 0, "wolf": 9}, active=1, tokens={2: "banana"})
    log = ENGINE.apply(state, 1, {"type": "move", "animal": "cow", "to": 1}).log
    assert log[0].text == "{seat1} moves the Cow from the Farm to Path tile 1."
    assert log[0].audience is None and log[0].data["event"] == "move"

"""Strict actions, views, hidden information and the JSON form."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest

from app.games.fox_in_the_forest_duet import ENGINE
from app.games.fox_in_the_forest_duet.data import DECK, suit_of
from app.games.fox_in_the_forest_duet.state import PASS_CARDS
from app.games.protocol import ILLEGAL, MALFORMED, NOT_YOUR_TURN
from tests.games.conformance import canonical, random_playout
from tests.games.fox_in_the_forest_duet.helpers import act, make_state, play, refusal

PLACEHOLDER = re.compile(r"\{[^}]*\}")


@pytest.mark.parametrize(
    "action",
    [
        None,
        "play",
        [],
        {},
        {"type": "dance"},
        {"type": "play"},
        {"type": "play", "card": "doves-6", "extra": 1},
        {"type": "play", "card": 6},
        {"type": "play", "card": "doves-11"},
        {"type": "choose_direction", "toward": True},
        {"type": "choose_direction", "toward": 2},
        {"type": "count_paws", "use": "all"},
        {"type": "keep_decree", "card": "doves-6"},
    ],
)
def test_malformed_actions_are_refused_as_malformed(action: Any) -> None:
    state = make_state(["doves-6", "roses-2"], ["doves-2", "roses-4"])
    assert refusal(state, 0, action).code == MALFORMED


def test_an_action_of_the_wrong_phase_is_illegal_and_says_what_to_do() -> None:
    state = make_state(["doves-6", "roses-2"], ["doves-2", "roses-4"])
    refused = refusal(state, 0, {"type": "keep_decree"})
    assert refused.code == ILLEGAL
    assert refused.message == "Not now: Play a card."


def test_the_other_seat_is_told_it_is_not_its_turn() -> None:
    state = make_state(["doves-6", "roses-2"], ["doves-2", "roses-4"])
    assert refusal(state, 1, {"type": "play", "card": "doves-2"}).code == NOT_YOUR_TURN


def test_apply_never_mutates_its_input() -> None:
    state = make_state(["doves-7", "roses-2"], ["doves-2", "roses-4"])
    before = canonical(ENGINE.encode(state))
    play(state, 0, "doves-7")
    assert canonical(ENGINE.encode(state)) == before


def test_views_have_a_prompt_with_only_seat_placeholders_and_never_the_partners_hand() -> None:
    playout = random_playout(ENGINE, 2, {"level": 3}, 11)
    for step in playout.steps:
        state = step.state
        for entry in step.log:
            assert all(p in ("{seat0}", "{seat1}") for p in PLACEHOLDER.findall(entry.text))
        for viewer in (0, 1, None):
            view = ENGINE.view(state, viewer)
            assert view["prompt"].strip()
            assert all(p in ("{seat0}", "{seat1}") for p in PLACEHOLDER.findall(view["prompt"]))
            if state.over:
                continue
            sent = canonical(view)
            for seat in (0, 1):
                if seat == viewer:
                    continue
                # Onlookers may know a card is in one of the hands (not which) after a #7.
                hidden = [
                    c
                    for c in state.hands[seat]
                    if c not in state.public_in_hand[seat]
                    and (viewer is not None or c not in state.in_either_hand)
                    and (viewer is None or c not in state.partner_knows[seat])
                ]
                assert not any(re.search(rf'"{c}"', sent) for c in hidden)


def test_the_own_hand_is_sorted_by_suit_and_rank_with_paws_and_abilities() -> None:
    state = make_state(["stars-2", "doves-9", "doves-10", "roses-1"], ["doves-2"])
    hand = ENGINE.view(state, 0)["hand"]
    assert [card["id"] for card in hand] == ["doves-9", "doves-10", "roses-1", "stars-2"]
    assert hand[0] == {
        "id": "doves-9",
        "suit": "doves",
        "rank": 9,
        "paws": 0,
        "name": "9 of Doves",
        "ability": "Free to follow",
        "ability_text": "Led: the other player need not follow the lead suit.",
    }
    assert ENGINE.view(state, None)["hand"] == []
    assert ENGINE.view(state, 1)["hand_counts"] == [4, 1]


def test_the_finished_match_reveals_both_hands_and_the_draw_pile() -> None:
    playout = random_playout(ENGINE, 2, {}, 3)
    final = playout.final
    view = ENGINE.view(final, None)
    assert [[c["id"] for c in hand] for hand in view["reveal"]["hands"]] == [
        list(hand) for hand in final.hands
    ]
    assert [c["id"] for c in view["reveal"]["draw_pile"]] == list(final.deck)
    assert view["outcome"]["result"] in ("won", "lost")
    assert ENGINE.secrets(final) == []


def test_determinize_keeps_what_the_viewer_knows_and_respects_shown_out_suits() -> None:
    state = make_state(
        ["doves-6", "roses-2", "stars-1"],
        ["roses-4", "roses-8", "stars-6", "stars-9"],
        decree="doves-4",
        voids=((), ("doves",)),
        public_in_hand=((), ("stars-9",)),
        deck=("doves-1", "roses-1", "roses-3", "stars-2", "stars-3", "doves-7", "roses-9"),
    )
    rng = random.Random(5)
    seen_hands = set()
    for _ in range(40):
        twin = ENGINE.determinize(state, 0, rng)
        assert twin.hands[0] == state.hands[0]
        assert "stars-9" in twin.hands[1] and len(twin.hands[1]) == 4
        assert all(suit_of(c) != "doves" for c in twin.hands[1] if c != "stars-9")
        assert sorted([*twin.hands[1], *twin.deck]) == sorted([*state.hands[1], *state.deck])
        assert twin.seed != state.seed
        seen_hands.add(twin.hands[1])
    assert len(seen_hands) > 10


def test_determinize_for_the_partner_keeps_the_passed_card_and_redraws_a_pending_pick() -> None:
    state = make_state(
        ["doves-6", "roses-2", "stars-1"],
        ["roses-4", "roses-8", "stars-6"],
        partner_knows=((), ("roses-8",)),
        phase=PASS_CARDS,
        trick=(),
        picks=(None, "stars-6"),
    )
    rng = random.Random(9)
    picks = set()
    for _ in range(30):
        twin = ENGINE.determinize(state, 0, rng)
        assert "roses-8" in twin.hands[1]
        assert twin.picks[0] is None and twin.picks[1] in twin.hands[1]
        picks.add(twin.picks[1])
        assert canonical(ENGINE.view(twin, 0)) == canonical(ENGINE.view(state, 0))
    assert len(picks) > 2
    spectator = ENGINE.determinize(state, None, rng)
    assert len(spectator.partner_knows[1]) == 1
    assert spectator.partner_knows[1][0] in spectator.hands[1]


def test_encode_decode_round_trip_mid_decision() -> None:
    state = play(make_state(["doves-7", "roses-2"], ["doves-2", "roses-4"]), 0, "doves-7")
    state = act(state, 1, "pass_card", card="roses-4")[0]
    decoded = ENGINE.decode(ENGINE.encode(state))
    assert decoded == state
    assert canonical(ENGINE.encode(decoded)) == canonical(ENGINE.encode(state))


def test_spelled_card_names_are_declared_secret_too() -> None:
    state = ENGINE.setup(2, {}, 4)
    values = {s.value for s in ENGINE.secrets(state)}
    card = state.hands[1][0]
    assert card in values
    assert f"{card.split('-')[1]} of {card.split('-')[0].capitalize()}" in values
    assert len(values) == 2 * (22 + 7)
    assert all(c in DECK for c in values if "-" in c)


def test_the_seed_never_reaches_a_view() -> None:
    state = replace(ENGINE.setup(2, {}, 424242), seed=987654321987)
    for viewer in (0, 1, None):
        assert "987654321987" not in canonical(ENGINE.view(state, viewer))


def test_the_view_has_what_a_renderer_and_a_bot_need() -> None:
    state = play(make_state(["doves-6", "roses-2"], ["doves-2", "roses-4"]), 0, "doves-6")
    view = ENGINE.view(state, 1)
    assert {
        "phase",
        "to_act",
        "prompt",
        "round",
        "trick",
        "dealer",
        "leader",
        "tricks_won",
        "path",
        "tracker",
        "end_spaces",
        "forest_tokens_left",
        "gems_on_board",
        "gems_collected",
        "gem_supply",
        "hand",
        "hand_counts",
        "known_in_hands",
        "voids",
        "decree",
        "trump",
        "draw_pile_count",
        "current_trick",
        "lead_suit",
        "must_follow",
        "last_trick",
        "decision",
        "free_chat",
        "reactions",
    } <= set(view)
    assert view["lead_suit"] == "doves" and view["to_act"] == [1]
    assert view["current_trick"][0]["card"]["id"] == "doves-6"
    assert ENGINE.view(state, 0)["prompt"] == "Waiting for {seat1} to play a card."


def test_the_round_end_prompts_name_the_chooser_and_the_step() -> None:
    state = make_state([], [], trick_no=11, phase="round_end", leader=1, tracker=3)
    assert ENGINE.view(state, 0)["prompt"] == (
        "Waiting for {seat1} to place the forest token for the team."
    )
    assert ENGINE.view(state, 1)["prompt"] == (
        "Round 1 is over: choose the end of the path for a forest token."
    )
    empty = replace(state, forest_left=0, covered=(2, 2))
    assert ENGINE.view(empty, 0)["prompt"] == "Waiting for {seat1} to start round 2."
    assert ENGINE.view(empty, 1)["prompt"] == (
        "Round 1 is over and no forest token can be placed: start round 2."
    )

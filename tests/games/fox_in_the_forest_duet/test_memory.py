"""The memory rule over the log ("Players may never look at cards discarded in previous tricks")
and the house rule that lifts it (issue 12)."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace

from app.games import options as option_tools
from app.games.fox_in_the_forest_duet import ENGINE
from app.games.fox_in_the_forest_duet.data import DECK, card_name
from app.games.fox_in_the_forest_duet.state import ROUND_END, State
from app.games.protocol import LogEntry
from app.games.rng import pick
from tests.games.fox_in_the_forest_duet.helpers import act, gems, make_state, play

NO_GEMS = gems((0, 1), (10, 1))
CARD_WORDS = re.compile("|".join([*DECK, *(re.escape(card_name(card)) for card in DECK)]))


def _readable(log: Sequence[LogEntry], state: State) -> list[str]:
    """The log as the platform shows it while the match runs: entries of forgotten tricks
    read as their faded sentence."""
    forgotten = ENGINE.forgotten_before(state)
    return [
        entry.faded if entry.episode is not None and entry.episode < forgotten else entry.text
        for entry in log
    ]


def _play_tricks(state: State, count: int, rng: random.Random) -> tuple[State, list[LogEntry]]:
    """Random legal actions until `count` more tricks are complete; the public log so far."""
    log: list[LogEntry] = []
    goal = state.trick_no + count
    while state.trick_no < goal:
        seat = ENGINE.to_act(state)[0]
        transition = ENGINE.apply(state, seat, pick(rng, ENGINE.legal_actions(state, seat)))
        state = transition.state
        log += [entry for entry in transition.log if entry.audience is None]
    return state, log


def test_mid_match_the_log_names_only_the_current_and_the_last_trick() -> None:
    state, log = _play_tricks(ENGINE.setup(2, {}, 31), 3, random.Random(4))
    assert state.trick_no == 4 and not state.over
    lines = _readable(log, state)
    first_of_trick_3 = next(i for i, entry in enumerate(log) if entry.episode == 3)
    assert log[0].episode == 1 and lines[0] == ""  # a forgotten trick reads as its result
    assert not any(CARD_WORDS.search(line) for line in lines[:first_of_trick_3])
    # The last completed trick stays readable, like the last trick shown on the table.
    assert CARD_WORDS.search(lines[first_of_trick_3])


def test_plays_carry_the_trick_number_through_the_match_and_a_sentence_without_the_card() -> None:
    state = make_state(["doves-6", "roses-2"], ["doves-2", "roses-4"], round=2, trick_no=3)
    led, lead_log = act(state, 0, "play", card="doves-6")
    _, follow_log = act(led, 1, "play", card="doves-2")
    assert (lead_log[0].episode, lead_log[0].faded) == (14, "")
    assert (follow_log[0].episode, follow_log[0].faded) == (14, "")
    # Once forgotten, the trick reads as its result; the tracker's move (its length tells the
    # cards' paw prints) is left out.
    result, *moves = follow_log[1:]
    assert (result.episode, result.faded) == (14, "{seat0} won a trick.")
    assert moves and all((e.episode, e.faded) == (14, "") for e in moves)


def test_the_3s_and_the_7s_lines_go_with_their_trick() -> None:
    """ "Alba takes the decree 1 of Stars..." and "You pass the 8 of Roses..." name cards; "keeps
    the decree card" and "pick a card to pass" tell a 3 or a 7 was played: all are left out."""
    three = play(
        make_state(["doves-3", "roses-2"], ["doves-2", "roses-4"], trick_no=2), 0, "doves-3"
    )
    chosen, chose = act(three, 0, "choose_exchanger", seat=1)
    _, exchanged = act(chosen, 1, "exchange_decree", card="roses-4")
    _, kept = act(chosen, 1, "keep_decree")
    seven = play(
        make_state(["doves-7", "roses-2"], ["doves-2", "roses-4"], trick_no=2), 0, "doves-7"
    )
    passed, first = act(seven, 0, "pass_card", card="roses-2")
    _, second = act(passed, 1, "pass_card", card="roses-4")
    for entry in (*chose, *exchanged, *kept, *first, *second):
        assert entry.episode == 2, entry.text
        assert entry.faded in ("", "{seat0} won a trick.", "{seat1} won a trick."), entry.faded


def test_the_deal_fades_to_its_dealer() -> None:
    end = play(play(make_state(["doves-6"], ["doves-2"], trick_no=11), 0, "doves-6"), 1, "doves-2")
    seat = ENGINE.to_act(end)[0]
    log = ENGINE.apply(end, seat, ENGINE.legal_actions(end, seat)[0]).log  # a token, then the deal
    deal = next(entry for entry in log if entry.data.get("event") == "deal")
    assert deal.episode == 11 and deal.faded == "Round 2: {seat0} deals."
    assert CARD_WORDS.search(deal.text) and not CARD_WORDS.search(deal.faded)


def test_ability_entries_that_name_trick_cards_fade_too() -> None:
    fives = play(
        make_state(["doves-10", "roses-5"], ["doves-5", "roses-6"], gems=NO_GEMS), 0, "doves-10"
    )
    counted = act(play(fives, 1, "doves-5"), 0, "count_paws", use="lead")[1]
    assert counted[0].episode == 1
    assert counted[0].faded == ""  # once forgotten, an ability's detail is left out
    seven = act(make_state(["doves-7"], ["doves-2"], trick_no=11), 0, "play", card="doves-7")[1]
    assert "the 7 has no effect" in seven[1].text
    assert (seven[1].episode, seven[1].faded) == (11, "")
    three = act(
        make_state([], ["doves-3"], trick_no=11, trick=((0, "roses-2"),)),
        1,
        "play",
        card="doves-3",
    )[1]
    note = next(e for e in three if "the 3 has no effect" in e.text)
    assert note.episode == 11 and note.faded == ""


def test_forgotten_before_is_the_last_completed_trick_through_rounds() -> None:
    state = make_state(["doves-6"], ["doves-2"], trick_no=1)
    assert ENGINE.forgotten_before(state) == 0
    assert ENGINE.forgotten_before(replace(state, trick_no=5)) == 4
    assert ENGINE.forgotten_before(replace(state, round=2, trick_no=1)) == 11
    assert ENGINE.forgotten_before(replace(state, round=3, trick_no=4)) == 25
    # After the 11th trick of round 1, trick 11 is the last completed one.
    end = play(play(replace(state, trick_no=11), 0, "doves-6"), 1, "doves-2")
    assert end.phase == ROUND_END and ENGINE.forgotten_before(end) == 11


def test_the_house_rule_keeps_every_trick_readable_and_shows_on_the_table() -> None:
    spec = next(option for option in ENGINE.options if option.key == "open_tricks")
    assert spec.label == "Earlier tricks stay readable (house rule)" and spec.help
    assert option_tools.schema(ENGINE.options)["properties"]["open_tricks"]["default"] is False
    assert ENGINE.check_options({}, 2)["open_tricks"] is False
    house = ENGINE.setup(2, {"open_tricks": True}, 31)
    state, log = _play_tricks(house, 3, random.Random(4))
    assert ENGINE.forgotten_before(state) == 0
    assert CARD_WORDS.search(_readable(log, state)[0])
    assert log[0].episode == 1  # entries still say which trick they name
    for viewer in (0, 1, None):
        assert ENGINE.view(state, viewer)["house_rules"] == ["Earlier tricks stay readable"]
    assert ENGINE.view(ENGINE.setup(2, {}, 31), None)["house_rules"] == []


def test_states_encoded_before_version_2_decode_with_the_house_rule_off() -> None:
    assert ENGINE.version == 2
    state = ENGINE.setup(2, {"level": 2}, 8)
    old = ENGINE.encode(state)
    del old["open_tricks"], old["in_either_hand"]
    decoded = ENGINE.decode(old)
    assert decoded == state
    assert decoded.open_tricks is False and decoded.in_either_hand == ()
    assert ENGINE.forgotten_before(replace(decoded, trick_no=3)) == 2

"""The memory rule: "no player may look at the faces of cards in previously won tricks".

Log entries that name a card of a trick carry that trick's number (counted through the whole
match) and a faded sentence naming no card; `forgotten_before` keeps the current and the last
completed trick readable. The `open_tricks` house rule lifts the rule.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from app.games.fox_in_the_forest import ENGINE
from app.games.fox_in_the_forest.data import SPECIAL_IDS
from app.games.fox_in_the_forest.data_cards import label, suit_cards
from app.games.fox_in_the_forest.state import Options, RoundRecord, State
from app.games.protocol import Flag, LogEntry
from tests.games.fox_in_the_forest.helpers import act_log, make_state

EVERY_CARD = (*suit_cards(), *SPECIAL_IDS)


def house_rule() -> Options:
    return Options(open_tricks=True)


def names_a_card(text: str) -> bool:
    return any(
        re.search(rf"(?<![\w-]){re.escape(token)}(?![\w-])", text, re.IGNORECASE)
        for card in EVERY_CARD
        for token in (card, label(card))
    )


def naming_cards(log: tuple[LogEntry, ...]) -> list[LogEntry]:
    """The public entries whose text names a card."""
    return [entry for entry in log if entry.audience is None and names_a_card(entry.text)]


def play_trick(state: State, lead: str, follow: str) -> tuple[State, tuple[LogEntry, ...]]:
    state, first = act_log(state, state.leader, "play", card=lead)
    state, second = act_log(state, 1 - state.leader, "play", card=follow)
    return state, (*first, *second)


def three_tricks(options: Options | None = None) -> list[tuple[State, tuple[LogEntry, ...]]]:
    hand0 = ["bells-4", "keys-4", "moons-4"]
    state = make_state(hand0, ["bells-6", "keys-6", "moons-2"], options=options)
    steps = []
    for lead, follow in (("bells-4", "bells-6"), ("keys-6", "keys-4"), ("moons-2", "moons-4")):
        state, log = play_trick(state, lead, follow)
        steps.append((state, log))
    return steps


def test_every_entry_naming_a_trick_card_carries_its_trick_and_a_faded_form() -> None:
    for number, (_, log) in enumerate(three_tricks(), start=1):
        named = naming_cards(log)
        assert len(named) == 3  # the lead, the follow and the trick's result
        for entry in named:
            assert entry.episode == number
            assert not names_a_card(entry.faded)


def test_a_forgotten_trick_reads_as_its_result_only() -> None:
    """Plays are left out: a second play by one seat (Hammer, Potion, Shovel) would tell."""
    (_, log), *_ = three_tricks()
    assert [e.faded for e in naming_cards(log)] == ["", "", "{seat1} won a trick."]


def test_every_line_of_an_action_goes_with_the_trick_in_play() -> None:
    """Ability lines that name no card ("keeps the decree card", the Hammer's suit, the
    Fairy's exchange) would still tell which card was played: they are left out too."""
    fox = make_state(["moons-3", "keys-2"], ["moons-2", "keys-8"], decree="bells-10", won=(2, 0))
    fox, _ = act_log(fox, 0, "play", card="moons-3")
    _, log = act_log(fox, 0, "keep_decree")
    keep = next(entry for entry in log if entry.data.get("event") == "keep_decree")
    assert (keep.episode, keep.faded) == (3, "")
    options = Options(special_list=("hammer", "fairy"))
    hammer = make_state(
        ["bells-2", "keys-2"], ["hammer", "keys-4"], options=options, deck=["keys-6"]
    )
    hammer, _ = act_log(hammer, 0, "play", card="bells-2")
    hammer, _ = act_log(hammer, 1, "play", card="hammer")
    _, log = act_log(hammer, 1, "name_suit", suit="keys")
    assert log and all(entry.episode == 1 and entry.faded == "" for entry in log)
    fairy = make_state(["fairy", "keys-2"], ["bells-4", "keys-10"], options=options)
    fairy, _ = act_log(fairy, 0, "play", card="fairy")
    fairy, taken = act_log(fairy, 0, "take", card=fairy.step.cards[0])
    _, given = act_log(fairy, 0, "give", card="keys-2")
    assert all(entry.episode == 1 and entry.faded == "" for entry in (*taken, *given))


def test_the_deal_fades_to_its_dealer_and_round_scores_stay() -> None:
    state = make_state(["bells-4"], ["bells-6"])  # seat 1 deals this round, seat 0 the next
    state, log = play_trick(state, "bells-4", "bells-6")
    scores = [entry for entry in log if entry.data.get("event") == "round_score"]
    assert scores and all(entry.faded == entry.text for entry in scores)
    _, log = act_log(state, state.step.seat, "next_round")
    deal = next(entry for entry in log if entry.data.get("event") == "deal")
    assert deal.episode == 2 and deal.faded == "Round 2: {seat0} deals."
    assert names_a_card(deal.text) and not names_a_card(deal.faded)


def test_only_the_current_and_the_last_completed_trick_stay_readable() -> None:
    assert ENGINE.forgotten_before(make_state(["bells-4"], ["bells-6"])) == 0
    horizons = [ENGINE.forgotten_before(state) for state, _ in three_tricks()]
    assert horizons == [1, 2, 3]  # entries of tricks below the horizon read faded


def test_trick_numbers_run_on_across_rounds() -> None:
    earlier = RoundRecord(1, 0, (6, 7), (3, 6), (3, 6))
    state = replace(make_state(["bells-4"], ["bells-6"], won=(1, 0)), history=(earlier,))
    state = replace(state, round_no=2)
    assert ENGINE.forgotten_before(state) == 14
    _, log = play_trick(state, "bells-4", "bells-6")
    assert {entry.episode for entry in naming_cards(log)} == {15}


def test_abilities_naming_trick_cards_fade_too() -> None:
    fox = make_state(["moons-3", "keys-2"], ["moons-2", "keys-8"], decree="bells-10", won=(2, 0))
    fox, _ = act_log(fox, 0, "play", card="moons-3")
    _, log = act_log(fox, 0, "exchange", card="keys-2")
    exchange = next(entry for entry in log if entry.data.get("event") == "exchange")
    # Once forgotten, an ability's detail is left out: the trick's result says enough.
    assert exchange.episode == 3 and exchange.faded == ""
    options = Options(special_list=("fairy", "tree", "crown"))
    fairy = make_state(["fairy", "keys-2"], ["bells-4", "keys-10"], options=options)
    _, log = act_log(fairy, 0, "play", card="fairy")
    assert all(entry.episode == 1 and not names_a_card(entry.faded) for entry in log)
    crown = make_state(["crown", "bells-4", "keys-2"], ["bells-6", "keys-5"], options=options)
    _, log = act_log(crown, 0, "play_crowned", card="bells-4")
    assert all(e.episode == 1 for e in naming_cards(log))


# --------------------------------------------------------------------------- the house rule


def test_house_rule_is_a_lobby_flag_off_by_default() -> None:
    flag = next(spec for spec in ENGINE.options if spec.key == "open_tricks")
    assert isinstance(flag, Flag) and flag.default is False and flag.help
    assert ENGINE.check_options({}, 2)["open_tricks"] is False
    assert ENGINE.setup(2, {"open_tricks": True}, 5).options.open_tricks


def test_house_rule_keeps_every_trick_readable() -> None:
    assert [ENGINE.forgotten_before(state) for state, _ in three_tricks(house_rule())] == [0, 0, 0]


def test_house_rule_is_shown_on_the_table_and_changes_nothing_else() -> None:
    played, ruled = three_tricks()[1][0], three_tricks(house_rule())[1][0]
    for viewer in (0, 1, None):
        plain, house = ENGINE.view(played, viewer), ENGINE.view(ruled, viewer)
        assert plain["house_rules"] == [] and house["house_rules"] == [
            "Earlier tricks stay readable"
        ]
        assert house["options"]["open_tricks"] is True
        for key in ("trick", "last_trick", "known", "hand_counts", "prompt"):
            assert house.get(key) == plain.get(key)


def test_states_saved_before_the_house_rule_still_load() -> None:
    assert ENGINE.version == 2
    saved = json.loads(json.dumps(ENGINE.encode(make_state(["bells-4"], ["bells-6"]))))
    del saved["options"]["open_tricks"]
    state = ENGINE.decode(saved)
    assert state.options.open_tricks is False and ENGINE.forgotten_before(state) == 0

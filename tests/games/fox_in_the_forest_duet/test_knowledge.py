"""Knowledge follows sight: what each viewer knows of the hands after a #7 swap (issue 12)."""

from __future__ import annotations

import random

from app.games.fox_in_the_forest_duet import ENGINE
from app.games.fox_in_the_forest_duet.state import State
from tests.games.conformance import canonical, check_indistinguishable_choices, check_no_leak
from tests.games.fox_in_the_forest_duet.helpers import act, gems, make_state, play

NO_GEMS = gems((0, 1), (10, 1))


def _swap_pending() -> State:
    """Seat 1 took the decree 4 of Stars with a 3 (everyone saw it); seat 0 leads a 7 and
    picks the 2 of Roses; seat 1 now picks the card to pass."""
    state = make_state(
        ["doves-7", "roses-2", "stars-8"],
        ["roses-10", "stars-4", "stars-6"],
        decree="roses-3",
        public_in_hand=((), ("stars-4",)),
        gems=NO_GEMS,
    )
    return act(play(state, 0, "doves-7"), 0, "pass_card", card="roses-2")[0]


def _ids(cards: list[dict[str, object]]) -> list[object]:
    return [card["id"] for card in cards]


def test_an_onlooker_cannot_tell_whether_the_public_card_was_passed() -> None:
    state = _swap_pending()
    kept = act(state, 1, "pass_card", card="roses-10")[0]
    passed = act(state, 1, "pass_card", card="stars-4")[0]
    assert canonical(ENGINE.view(kept, None)) == canonical(ENGINE.view(passed, None))
    # It is still known to be in one of the two hands, just not in which.
    view = ENGINE.view(passed, None)
    assert view["known_in_hands"] == [[], []]
    assert _ids(view["known_in_either_hand"]) == ["stars-4"]
    check_indistinguishable_choices(ENGINE, state, 2)


def test_the_partner_saw_what_it_received_so_it_still_knows_where_the_card_is() -> None:
    state = _swap_pending()
    kept = act(state, 1, "pass_card", card="roses-10")[0]
    assert _ids(ENGINE.view(kept, 0)["known_in_hands"][1]) == ["roses-2", "stars-4"]
    passed = act(state, 1, "pass_card", card="stars-4")[0]
    assert "stars-4" in _ids(ENGINE.view(passed, 0)["hand"])
    assert _ids(ENGINE.view(passed, 0)["known_in_hands"][1]) == ["roses-2"]
    # Seat 1 knows the 4 of Stars went to seat 0: it passed it.
    assert _ids(ENGINE.view(passed, 1)["known_in_hands"][0]) == ["stars-4"]
    for after in (kept, passed):
        for seat in (0, 1):
            assert ENGINE.view(after, seat)["known_in_either_hand"] == []


def test_the_card_lost_from_sight_is_no_secret_but_its_hand_is_re_dealt() -> None:
    after = act(_swap_pending(), 1, "pass_card", card="roses-10")[0]
    assert all(secret.value != "stars-4" for secret in ENGINE.secrets(after))
    rng = random.Random(7)
    holders = set()
    for _ in range(40):
        twin = ENGINE.determinize(after, None, rng)
        assert "stars-4" not in twin.deck
        holder = 0 if "stars-4" in twin.hands[0] else 1
        holders.add(holder)
        # The partner of the twin's holder knows where it is, as in the real state.
        assert "stars-4" in twin.partner_knows[holder]
        assert canonical(ENGINE.view(twin, None)) == canonical(ENGINE.view(after, None))
    assert holders == {0, 1}
    check_no_leak(ENGINE, after, (), 2, after.seed, rng)


def test_once_the_card_is_played_it_is_no_longer_listed_in_a_hand() -> None:
    after = act(_swap_pending(), 1, "pass_card", card="stars-4")[0]
    # The swap came with the 7 led by seat 0: seat 1 follows, seat 0 wins and leads again.
    followed = play(after, 1, "stars-6")
    assert ENGINE.to_act(followed) == (0,)
    assert _ids(ENGINE.view(followed, None)["known_in_either_hand"]) == ["stars-4"]
    led = play(followed, 0, "stars-4")
    assert ENGINE.view(led, None)["known_in_either_hand"] == []
    assert ENGINE.view(led, 1)["known_in_hands"][0] == []


def test_a_decree_taken_after_the_swap_is_public_again() -> None:
    after = act(_swap_pending(), 1, "pass_card", card="roses-10")[0]
    state = make_state(
        ["doves-3", "doves-6"],
        ["roses-2", "roses-8"],
        decree="stars-9",
        in_either_hand=after.in_either_hand,
        gems=NO_GEMS,
    )
    state = act(play(state, 0, "doves-3"), 0, "choose_exchanger", seat=1)[0]
    state = act(state, 1, "exchange_decree", card="roses-2")[0]
    assert _ids(ENGINE.view(state, None)["known_in_hands"][1]) == ["stars-9"]

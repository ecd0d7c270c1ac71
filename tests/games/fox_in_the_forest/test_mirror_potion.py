"""The Mirror under a Potion decree (issue 26).

The rulebook: the Mirror "is always treated as if it were identical to the current decree card
in rank, suit, and ability"; the Potion has "no numeric rank"; the trick goes to "the card in
the lead suit with the highest rank". So under a Potion decree the Mirror is an unsuited card
without a rank, whose text (the Potion's, which acts when played) decides nothing: it takes the
other card's suit and loses to it on rank, led or followed. "Identical cards" (the leader wins)
is for two identical cards only.
"""

from __future__ import annotations

from app.games.fox_in_the_forest.data import SPECIAL_IDS
from app.games.fox_in_the_forest.rules_trick import play_face
from app.games.fox_in_the_forest.state import Options, Play
from tests.games.fox_in_the_forest.helpers import last_winner, make_state, play, trick

ALL_SPECIALS = Options(special_list=tuple(SPECIAL_IDS))


def test_a_led_mirror_under_a_potion_decree_loses_to_a_ranked_card() -> None:
    state = make_state(
        ["mirror", "keys-6"], ["bells-2", "keys-2"], decree="potion", options=ALL_SPECIALS
    )
    led = play(state, 0, "mirror")
    # The Potion's text acts when it is played from hand, never for the Mirror.
    assert led.phase == "play" and led.lead == Play(0, "mirror")
    face = play_face(led, Play(0, "mirror"))
    assert (face.rank, face.suit) == (None, None)
    assert last_winner(play(led, 1, "bells-2")) == 1


def test_a_followed_mirror_under_a_potion_decree_loses_too() -> None:
    state = make_state(
        ["bells-2", "keys-6"], ["mirror", "keys-2"], decree="potion", options=ALL_SPECIALS
    )
    assert last_winner(trick(state, "bells-2", "mirror")) == 0

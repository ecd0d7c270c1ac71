"""The guided first match of The Fox in the Forest shows what a new player must see."""

from __future__ import annotations

from app.games import GAMES
from app.games.tutorial import walk
from tests.games.conformance_tutorial import played

GAME = GAMES["fox-in-the-forest"]


def _suit(card: str) -> str:
    return card.split("-")[0]


def test_the_script_plays_through_and_shows_the_fox_and_the_woodcutter() -> None:
    events = played(GAME.engine, GAME.tutorial)
    assert {"event": "exchange", "seat": 0}.items() <= next(
        e for e in events if e["event"] == "exchange"
    ).items()
    assert any(e["event"] == "draw" and e["seat"] == 0 for e in events)  # the Woodcutter draws
    assert any(e["event"] == "discard" and e["seat"] == 0 for e in events)  # ... and discards
    scores = {e["seat"]: e for e in events if e["event"] == "round_score"}
    assert scores[0]["tricks"] == 8 and scores[0]["points"] == 6  # Victorious, as the coach says


def test_the_learner_follows_suit_and_wins_a_trick_with_a_trump() -> None:
    engine, tutorial = GAME.engine, GAME.tutorial
    followed = trumped = False
    for point in walk(engine, tutorial):
        if point.index == len(tutorial.steps):
            break
        step = tutorial.steps[point.index]
        view = engine.view(point.state, tutorial.learner)
        if step.seat != tutorial.learner or step.action["type"] != "play":
            continue
        trick = view["trick"]
        if trick and trick["lead"]:
            led = trick["lead"]["card"]["suit"]
            hand = {_suit(card["id"]) for card in view["hand"]}
            card = step.action["card"]
            followed |= led in hand and _suit(card) == led
            trumped |= led not in hand and _suit(card) == view["trump"]
    assert followed and trumped

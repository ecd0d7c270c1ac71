"""The guided first match of Fox on the Tree shows moves, a token, a conflict and the Escape."""

from __future__ import annotations

from app.games import GAMES
from tests.games.conformance_tutorial import played

GAME = GAMES["fox-on-the-tree"]


def test_the_script_plays_through_a_swamp_a_conflict_and_an_escape() -> None:
    events = played(GAME.engine, GAME.tutorial)
    assert any(e["event"] == "move" and e["seat"] == 0 for e in events)
    assert any(
        e["event"] == "token_placed" and e["seat"] == 0 and e["token"] == "swamp" for e in events
    )
    assert any(e["event"] == "conflict" for e in events)
    assert any(e["event"] == "escape" and e["seat"] == 0 for e in events)  # the learner saves
    assert any(e["event"] == "eliminated" for e in events)  # and nobody saves the next one

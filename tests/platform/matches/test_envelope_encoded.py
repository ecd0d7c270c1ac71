"""The encoded envelope (names filled in on the bytes) says exactly what `envelope` says.

Sockets, streams and REST answers send `encoded_envelope`'s bytes; bots and replays use the
dict of `envelope`. Seeded random playouts of every game, every viewer, and names that need
JSON escaping or look like placeholders themselves.
"""

from __future__ import annotations

import random

import orjson
import pytest

from app.games import REGISTRY
from app.matches.envelope import encoded_envelope, envelope, fill_names, fill_names_encoded
from app.matches.loaded import LoadedMatch, SeatInfo

NAMES = ['Ada "the fox"', "Bob\\", "{seat0}", "Zoë 🦊"]


def _positions(game: str, players: int, seed: int) -> list[object]:
    engine = REGISTRY[game]
    rng = random.Random(seed)
    state = engine.setup(players, engine.check_options({}, players), seed)
    states = [state]
    while engine.outcome(state) is None and len(states) < 400:
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, rng.choice(list(engine.legal_actions(state, seat)))).state
        states.append(state)
    return states


def _loaded(game: str, state: object, players: int) -> LoadedMatch:
    engine = REGISTRY[game]
    outcome = engine.outcome(state)
    return LoadedMatch(
        id="m1",
        game=game,
        options={},
        status="active" if outcome is None else "finished",
        version=len(NAMES),
        state=state,
        seats=tuple(SeatInfo(seat, f"p{seat}", None, NAMES[seat]) for seat in range(players)),
        outcome=None
        if outcome is None
        else {"winners": list(outcome.winners), "scores": list(outcome.scores), "detail": {}},
        deadline=None,
    )


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_encoded_envelope_matches_the_envelope_for_every_viewer(game: str) -> None:
    players = 4 if game in ("oh-fox", "fox-on-the-tree", "fox-on-the-run") else 2
    for state in _positions(game, players, seed=7)[::5]:
        loaded = _loaded(game, state, players)
        for seat in [None, *range(players)]:
            presence = {0: 1}
            expected = orjson.loads(
                orjson.dumps(envelope(loaded, seat, presence), option=orjson.OPT_NON_STR_KEYS)
            )
            assert orjson.loads(encoded_envelope(loaded, seat, presence)) == expected


def test_names_go_in_escaped_and_are_not_filled_again() -> None:
    body = orjson.dumps({"text": "{seat0} passed to {seat1}; {seat2} and {seat7}", "n": 3})
    filled = orjson.loads(fill_names_encoded(body, NAMES[:3]))
    assert filled == fill_names(orjson.loads(body), NAMES[:3])
    assert filled["text"] == 'Ada "the fox" passed to Bob\\; {seat0} and Seat 8'


def test_encoded_without_placeholders_is_returned_as_it_is() -> None:
    body = orjson.dumps({"cards": [1, 2, 3]})
    assert fill_names_encoded(body, NAMES) is body

"""Every message of the fan-out reads back as it was written, in the first release's spellings
(an old and a new process meet on the broker during a rolling restart); any other text reads as
`Unknown`, never as an error that would end a socket."""

from __future__ import annotations

import logging

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.realtime import messages
from app.realtime.hub import Listener
from app.realtime.messages import (
    Chat,
    LobbyChanged,
    Message,
    Move,
    News,
    Presence,
    Resync,
    Seats,
    Signout,
    Unknown,
    Version,
    ViewerChanged,
    decode,
    kind_of,
)

TEXT = st.text(st.characters(exclude_categories=["Cs"]))  # what JSON can carry
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
SEAT = st.fixed_dictionaries(
    {"seat": st.integers(0, 9), "player_id": st.none() | TEXT, "missed_turns": st.integers(0, 9)}
)
MOVES = st.builds(
    Move,
    origin=TEXT,
    version=st.integers(0, 2**53),
    seat=st.integers(0, 9),
    action=JSON,
    deadline=st.none() | st.just("2030-01-02T03:04:05+00:00"),
    seat_epoch=st.integers(0, 2**31),
    seats=st.lists(SEAT, max_size=4).map(tuple),
)
NEWS = st.builds(
    News,
    event=st.dictionaries(TEXT, JSON, max_size=4),
    unique=st.text(st.characters(blacklist_characters=":"), min_size=1, max_size=32),
)
BARE: list[tuple[Message, str]] = [
    (Seats(), "seats"),
    (Presence(), "presence"),
    (Chat(None), "chat:seat"),
    (LobbyChanged(), "changed"),
    (ViewerChanged(), "viewer"),
    (Signout(), "signout"),
    (Resync(), "resync"),
]


@pytest.mark.parametrize(("message", "wire"), BARE)
def test_the_bare_messages_keep_their_spellings(message: Message, wire: str) -> None:
    assert message.encode() == wire
    assert decode(wire) == message
    assert kind_of(wire) == message.kind


def test_the_channels_keep_their_spellings() -> None:
    assert messages.match_topic("m1") == "match:m1"
    assert messages.lobby_topic("l1") == "lobby:l1"
    assert messages.token_topic("ab") == "token:ab"
    assert messages.player_topic("p1") == "player:p1"
    assert messages.match_of("match:m1") == "m1" and messages.match_of("lobby:m1") is None
    assert messages.token_of("token:ab") == "ab" and messages.token_of("match:ab") is None


@given(st.integers(0, 2**63))
def test_a_version_is_its_number(version: int) -> None:
    assert Version(version).encode() == str(version)
    assert decode(str(version)) == Version(version)
    assert kind_of(str(version)) == Version.kind


@given(st.integers(0, 2**63))
def test_a_chat_message_is_its_number(seq: int) -> None:
    assert Chat(seq).encode() == f"chat:{seq}"
    assert decode(f"chat:{seq}") == Chat(seq)
    assert kind_of(Chat(seq).encode()) == "chat"


@given(MOVES)
def test_a_move_reads_back_as_it_was_written(move: Move) -> None:
    wire = move.encode()
    assert wire.startswith("move:") and kind_of(wire) == Move.kind
    assert decode(wire) == move


def test_a_move_is_the_first_release_json() -> None:
    """What an old process reads: `move:` and one JSON object with these keys."""
    move = Move("o", 3, 1, {"type": "play"}, None, 2, ({"seat": 0},))
    assert orjson.loads(move.encode().removeprefix("move:")) == {
        "origin": "o",
        "version": 3,
        "seat": 1,
        "action": {"type": "play"},
        "deadline": None,
        "seat_epoch": 2,
        "seats": [{"seat": 0}],
    }


@given(NEWS)
def test_news_reads_back_as_it_was_written_and_each_item_is_its_own_kind(news: News) -> None:
    wire = news.encode()
    assert decode(wire) == news
    assert kind_of(wire) == news.kind == "ev" + news.unique


def test_each_news_item_gets_a_kind_of_its_own() -> None:
    assert News({"type": "a"}).kind != News({"type": "a"}).kind


@pytest.mark.parametrize(
    "text",
    ["", "hello", "move:", "move:{", "move:[]", 'move:{"origin": "o"}', "chat:", "chat:x",
     "chat:-1", "ev:{}", "evx", "evx:[1]", "evx:{", "²", "seats:1"],
)  # fmt: skip
def test_any_other_text_is_unknown(text: str) -> None:
    assert decode(text) == Unknown(text)
    assert Unknown(text).encode() == text


@given(st.text())
def test_no_text_makes_decode_raise_and_every_message_is_its_own_text(text: str) -> None:
    message = decode(text)
    assert kind_of(text) == message.kind
    if not isinstance(message, Move | News):  # their JSON may be spelled another way
        assert message.encode() == text


async def test_a_listener_skips_unknown_kinds_and_logs_each_once(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(messages, "_logged", set())
    listener = Listener()
    with caplog.at_level(logging.WARNING, logger=messages.log.name):
        listener.notify("tomorrow:1")
        listener.notify("12")
        assert await listener.messages() == [Version(12)]
        listener.notify("tomorrow:2")
        listener.notify("presence")
        assert await listener.messages() == [Presence()]
    assert len([r for r in caplog.records if "tomorrow" in r.getMessage()]) == 1

"""Who hears what of a commit: the per-player projections the event stream sends."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.statuses import MatchStatus
from app.matches.loaded import LoadedMatch, SeatInfo
from app.player_events import news
from app.realtime.messages import News, decode
from tests.fakes.high_card import ENGINE


@pytest.fixture
def table(with_high_card: None) -> LoadedMatch:
    """Ada (seat 0, to act), a bot (seat 1) and Cy (seat 2), just started."""
    return LoadedMatch(
        id="m1",
        game=ENGINE.id,
        options={},
        status=MatchStatus.ACTIVE,
        version=0,
        state=ENGINE.setup(3, {}, 7),
        seats=(
            SeatInfo(0, "ada", None, "Ada"),
            SeatInfo(1, None, "random", "Random bot 2"),
            SeatInfo(2, "cy", None, "Cy"),
        ),
        outcome=None,
        deadline=None,
    )


def test_a_start_tells_every_person_and_the_turn_only_the_one_to_act(table: LoadedMatch) -> None:
    told = [(player, event["type"], event["seat"]) for player, event in news.match_news(table)]
    assert told == [
        ("ada", "match_started", 0),
        ("cy", "match_started", 2),
        ("ada", "your_turn", 0),
    ]


def test_a_move_tells_only_the_one_to_act(table: LoadedMatch) -> None:
    later = replace(table, version=3)
    assert [(p, e["type"]) for p, e in news.match_news(later)] == [("ada", "your_turn")]


def test_an_end_tells_each_person_what_it_means_for_them(table: LoadedMatch) -> None:
    outcome = {"winners": [2], "scores": [0, 1, 2], "reason": "most_tricks", "detail": {}}
    ended = replace(table, version=9, status=MatchStatus.FINISHED, outcome=outcome)
    told = {player: event for player, event in news.match_news(ended)}
    assert set(told) == {"ada", "cy"}
    assert (told["ada"]["won"], told["cy"]["won"]) == (False, True)
    assert told["cy"]["scores"] == [0, 1, 2] and "detail" not in told["cy"]


def test_no_event_carries_the_table(table: LoadedMatch) -> None:
    for _player, event in news.match_news(table):
        assert set(event) <= {"type", "match_id", "game", "seat", "version", "deadline", "players"}


def test_news_travels_unmerged_and_other_messages_are_not_news() -> None:
    first, second = News({"type": "a"}).encode(), News({"type": "a"}).encode()
    # Distinct kinds: the hub keeps the newest message per kind, and news must all arrive.
    assert first.split(":", 1)[0] != second.split(":", 1)[0]
    told = decode(first)
    assert isinstance(told, News) and told.event == {"type": "a"}
    for other in ("resync", "signout", "12", "presence", "ev:{}"):
        assert not isinstance(decode(other), News)

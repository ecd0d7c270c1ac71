"""The daily deal over the API, end to end with two players: each plays today's deal of a game
once against the bot, on the same cards; the same moves meet the same answers; the results rank
both, with percentiles, and open only to those who finished; tomorrow brings a new deal."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from app.core.clock import ManualClock
from app.daily.models import DailyDeal
from app.games import GAMES
from app.matches.models import Match, MatchAction
from tests.platform.helpers import Player, act, counting_statements, envelope, new_player
from tests.timing import settle

NOON = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
TODAY = date(2026, 12, 5)
Pick = Callable[[list[dict[str, Any]]], dict[str, Any]]


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(NOON)


async def _play(client: httpx.AsyncClient, player: Player, game: str) -> httpx.Response:
    return await client.post(f"/api/v1/daily/{game}", headers=player.auth)


async def _start(client: httpx.AsyncClient, player: Player, game: str) -> str:
    response = await _play(client, player, game)
    assert response.status_code == 201, response.text
    assert response.json()["created"] is True
    return str(response.json()["match_id"])


async def _play_out(
    client: httpx.AsyncClient, match_id: str, player: Player, pick: Pick
) -> list[Any]:
    """The player picks with `pick` whenever it is their turn; the bot answers. Returns every
    action of the match, in order (the replay's), once it is over."""
    for _ in range(5_000):
        await settle(client.app)  # type: ignore[attr-defined]
        seen = await envelope(client, match_id, player)
        if seen["status"] != "active":
            break
        if seen["seat"] in seen["to_act"]:
            action = pick(seen["legal_actions"])
            answer = await act(client, match_id, player, action, version=seen["version"])
            assert answer.status_code == 200, answer.text
    else:
        raise AssertionError("the daily match did not end")
    db = client.app.state.context.db  # type: ignore[attr-defined]
    async with db.sessions() as session:
        history = await session.execute(
            select(MatchAction.seat, MatchAction.action)
            .where(MatchAction.match_id == match_id)
            .order_by(MatchAction.seq)
        )
        return [tuple(row) for row in history]


async def _today(client: httpx.AsyncClient, player: Player) -> dict[str, Any]:
    response = await client.get("/api/v1/daily", headers=player.auth)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def _results(
    client: httpx.AsyncClient, player: Player, game: str, day: date
) -> httpx.Response:
    return await client.get(f"/api/v1/daily/{game}/{day.isoformat()}", headers=player.auth)


def _first(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return legal[0]


def _last(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return legal[-1]


@pytest.mark.parametrize("game", list(GAMES))
async def test_two_players_play_the_same_deal_and_are_ranked(
    client: httpx.AsyncClient, game: str
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    ada_match = await _start(client, ada, game)
    bob_match = await _start(client, bob, game)
    assert ada_match != bob_match
    await settle(client.app)  # type: ignore[attr-defined]  # a bot that opens has opened
    ada_first = await envelope(client, ada_match, ada)
    bob_first = await envelope(client, bob_match, bob)
    assert ada_first["legal_actions"] == bob_first["legal_actions"]  # the same cards in hand
    assert ada_first["seat"] == bob_first["seat"] == GAMES[game].daily.seat

    # Today's results are closed to a player who has not finished the deal.
    assert (await _results(client, ada, game, TODAY)).json()["error"]["code"] == "daily/not_played"

    ada_moves = await _play_out(client, ada_match, ada, _first)
    bob_moves = await _play_out(client, bob_match, bob, _first)
    assert ada_moves == bob_moves  # the same moves met the same answers from the bot

    results = (await _results(client, ada, game, TODAY)).json()
    assert results["finished"] == 2 and results["day"] == TODAY.isoformat()
    by_name = {r["name"]: r for r in results["results"]}
    assert by_name["Ada"]["scores"] == by_name["Bob"]["scores"]
    assert by_name["Ada"]["percentile"] == by_name["Bob"]["percentile"] == 50.0  # a tie
    assert by_name["Ada"]["rank"] == by_name["Bob"]["rank"] == 1
    assert by_name["Ada"]["mine"] and by_name["Ada"]["match_id"] == ada_match
    assert not by_name["Bob"]["mine"] and by_name["Bob"]["match_id"] is None  # others' private

    again = await _play(client, ada, game)
    assert again.status_code == 409 and again.json()["error"]["code"] == "daily/already_played"


async def test_percentiles_follow_the_game_standing(client: httpx.AsyncClient) -> None:
    """Three players of one deal: ranks and percentiles as duplicate bridge counts them."""
    game = "fox-in-the-forest"
    players = [await new_player(client, name) for name in ("Ada", "Bob", "Cy")]
    picks: list[Pick] = [_first, _last, _first]
    for player, pick in zip(players, picks, strict=True):
        await _play_out(client, await _start(client, player, game), player, pick)
    results = (await _results(client, players[2], game, TODAY)).json()["results"]
    assert [r["rank"] for r in results] == sorted(r["rank"] for r in results)  # best first
    by_name = {r["name"]: r for r in results}
    assert by_name["Ada"]["scores"] == by_name["Cy"]["scores"]  # the same play, the same result
    bob, ada = by_name["Bob"], by_name["Ada"]
    margin = {r["name"]: r["scores"][0] - r["scores"][1] for r in results}
    if margin["Bob"] == margin["Ada"] and bob["won"] == ada["won"]:
        assert {r["percentile"] for r in results} == {50.0}
    elif (bob["won"], margin["Bob"]) > (ada["won"], margin["Ada"]):
        assert (bob["percentile"], ada["percentile"], bob["rank"], ada["rank"]) == (100, 25, 1, 2)
    else:
        assert (bob["percentile"], ada["percentile"], bob["rank"], ada["rank"]) == (0, 75, 3, 1)


async def test_an_unfinished_deal_is_resumed_not_dealt_again(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    first = await _start(client, ada, "oh-fox")
    again = await _play(client, ada, "oh-fox")
    assert again.status_code == 200 and again.json() == {"match_id": first, "created": False}
    today = await _today(client, ada)
    mine = next(d for d in today["deals"] if d["game"] == "oh-fox")["yours"]
    assert mine["status"] == "playing" and mine["match_id"] == first and mine["rank"] is None


async def test_the_daily_match_is_private_unrated_and_unlisted(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await _start(client, ada, "fox-on-the-tree")
    summary = (await client.get(f"/api/v1/matches/{match_id}", headers=ada.auth)).json()
    assert [seat["bot"] for seat in summary["seats"]] == [None, "daily"]
    assert summary["seats"][1]["name"] == "Daily bot 2"
    watched = await client.get(f"/api/v1/matches/{match_id}/state", headers=bob.auth)
    assert watched.status_code == 403
    await _play_out(client, match_id, ada, _first)
    summary = (await client.get(f"/api/v1/matches/{match_id}", headers=ada.auth)).json()
    assert summary["status"] == "finished" and not summary.get("rating_changes")
    rematch = await client.post(f"/api/v1/matches/{match_id}/rematch", headers=ada.auth)
    assert rematch.status_code in (200, 201), rematch.text  # an ordinary table: the standard bot
    assert [seat["bot"] for seat in rematch.json()["seats"]] == [None, "standard"]


async def test_each_day_has_its_own_deal_and_yesterdays_results_are_open(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    game = "fox-in-the-forest-duet"
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    today = await _today(client, ada)
    assert today["day"] == TODAY.isoformat()
    assert today["next_at"].startswith("2026-12-06T00:00:00")
    duet = next(d for d in today["deals"] if d["game"] == game)
    assert duet["mission"]["text"] and duet["options"]["level"] in (1, 2, 3)  # the team mission
    await _play_out(client, await _start(client, ada, game), ada, _first)

    await clock.advance(timedelta(hours=12).total_seconds())  # past midnight UTC
    tomorrow = await _today(client, ada)
    assert tomorrow["day"] == "2026-12-06"
    assert next(d for d in tomorrow["deals"] if d["game"] == game)["yours"] is None
    second = await _start(client, ada, game)  # a new day: a new deal to play
    yesterday = await _results(client, bob, game, TODAY)  # open to all once the day is over
    assert yesterday.status_code == 200 and [r["name"] for r in yesterday.json()["results"]] == [
        "Ada"
    ]
    db = client.app.state.context.db  # type: ignore[attr-defined]
    async with db.sessions() as session:
        seeds = (await session.execute(select(DailyDeal.day, DailyDeal.seed))).all()
        played = await session.get(Match, second)
    assert len({seed for _, seed in seeds}) == len(seeds)  # every day and game its own cards
    assert played is not None and (TODAY + timedelta(days=1), played.seed) in set(seeds)


async def test_refusals(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    unknown = await _play(client, ada, "no-such-game")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "game/not_found"
    never = await _results(client, ada, "oh-fox", date(2020, 1, 1))
    assert never.status_code == 404 and never.json()["error"]["code"] == "daily/not_found"
    future = await _results(client, ada, "oh-fox", TODAY + timedelta(days=1))
    assert future.status_code == 404
    bad_day = await client.get("/api/v1/daily/oh-fox/yesterday", headers=ada.auth)
    assert bad_day.status_code == 400 and bad_day.json()["error"]["code"] == "request/malformed"
    signed_out = await client.get("/api/v1/daily")
    assert signed_out.status_code == 401


async def test_a_resignation_ranks_below_every_finished_result(client: httpx.AsyncClient) -> None:
    game = "fox-on-the-run"
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    gave_up = await _start(client, ada, game)
    await settle(client.app)  # type: ignore[attr-defined]
    resigned = await client.post(f"/api/v1/matches/{gave_up}/resign", headers=ada.auth)
    assert resigned.status_code == 200, resigned.text
    await _play_out(client, await _start(client, bob, game), bob, _last)
    results = (await _results(client, ada, game, TODAY)).json()["results"]
    assert [(r["name"], r["status"], r["rank"], r["percentile"]) for r in results] == [
        ("Bob", "finished", 1, 100.0),
        ("Ada", "resigned", 2, 0.0),
    ]
    again = await _play(client, ada, game)
    assert again.json()["error"]["code"] == "daily/already_played"  # resigning is playing it


async def test_a_double_click_makes_one_match_and_everyone_gets_one_deal(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    seen = await asyncio.gather(_today(client, ada), _today(client, bob))  # the day's first asks
    assert seen[0]["deals"] == [{**deal, "yours": None} for deal in seen[1]["deals"]]
    clicks = await asyncio.gather(*(_play(client, ada, "oh-fox") for _ in range(3)))
    assert sorted(click.status_code for click in clicks) == [200, 200, 201]
    assert len({click.json()["match_id"] for click in clicks}) == 1


async def test_a_visitors_overview_costs_the_same_however_many_played(
    client: httpx.AsyncClient,
) -> None:
    visitor = await new_player(client, "Vi")
    await _today(client, visitor)  # the day's deals drawn
    with counting_statements(client.app) as before:  # type: ignore[attr-defined]
        await _today(client, visitor)
    for name in ("Ada", "Bob", "Cy"):
        player = await new_player(client, name)
        await _play_out(client, await _start(client, player, "oh-fox"), player, _first)
    with counting_statements(client.app) as after:  # type: ignore[attr-defined]
        today = await _today(client, visitor)
    assert next(d for d in today["deals"] if d["game"] == "oh-fox")["finished"] == 3
    assert len(after) == len(before)
    assert not [sql for sql in after if "matches.outcome" in sql]  # a count, not the results

"""The review over the API, on SQLite and Postgres: refused while the match runs, worked out
once by the worker (on its low-priority thread) and then served from its cache, open to whoever
may watch the replay, and the practice table played on from one of its decisions."""

from __future__ import annotations

import hashlib
import os
import threading
from typing import Any

import httpx
import orjson
import pytest
from sqlalchemy import func, select

from app.accounts.passwords import LOWEST_PRIORITY
from app.core.clock import ManualClock
from app.games import REGISTRY
from app.games.review import Decision, Verdict
from app.realtime.messages import REVIEWS, ReviewAsked
from app.review import compute, jobs
from app.review.models import ReviewJob
from tests.platform.helpers import Player, act, app_client, new_player
from tests.platform.review.reviewing import (
    REVIEW_SETTINGS,
    bot_match,
    finished_match,
    reviewed,
    waited,
)


def refusal(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def test_the_review_is_refused_while_the_match_runs(database_url: str) -> None:
    async with app_client(database_url, **REVIEW_SETTINGS) as http:
        ada, match_id = await bot_match(http)
        path = f"/api/v1/matches/{match_id}/reviews/0"
        running = (409, "match/not_finished")
        assert refusal(await http.post(path, headers=ada.auth)) == running  # even its own seat
        assert refusal(await http.get(path, headers=ada.auth)) == running
        assert refusal(await http.get(path)) == running
        practice = await http.post(f"{path}/practice", headers=ada.auth, json={"step": 0})
        assert refusal(practice) == running
        async with http.app.state.context.db.sessions() as session:  # type: ignore[attr-defined]
            assert await session.scalar(select(func.count()).select_from(ReviewJob)) == 0


async def test_a_finished_match_is_reviewed_seat_by_seat_then_played_on(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One finished match (playing it out and weighing its decisions is what costs), looked at
    in turn: every seat reviewed for whoever may watch, a seat's review worked out once on the
    low-priority review thread and then served from the cache, and a practice table played
    on from one of its decisions."""
    threads = threads_that_weigh(monkeypatch)
    async with app_client(database_url, **REVIEW_SETTINGS) as http:
        ada, match_id = await finished_match(http)
        await every_seat_is_reviewed_for_whoever_may_watch(http, match_id)
        first = await reviewed_once_then_served_from_the_cache(http, match_id, ada)
        await play_on_from_a_decision(http, match_id, ada, first["review"]["decisions"][0])
    # The search never runs on the event loop's thread: live play goes on meanwhile.
    assert threads and threading.main_thread().name not in {name for name, _ in threads}
    assert {(name.split("_")[0], nice) for name, nice in threads} == {("review", LOWEST_PRIORITY)}


def threads_that_weigh(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The name and priority of the thread of every decision weighed from now on."""
    seen: list[tuple[str, int]] = []
    weigh = compute.weigh

    def recorded(plan: compute.Plan, decision: Decision) -> Verdict:
        thread = threading.current_thread()
        seen.append((thread.name, os.getpriority(os.PRIO_PROCESS, threading.get_native_id())))
        return weigh(plan, decision)

    monkeypatch.setattr(compute, "weigh", recorded)
    return seen


async def every_seat_is_reviewed_for_whoever_may_watch(
    http: httpx.AsyncClient, match_id: str
) -> None:
    bob = await new_player(http, "Bob")
    # The replay shows every hand once the match is over: the bot's seat too, to anyone.
    bots = await reviewed(http, match_id, 1, bob)
    assert bots["review"]["seat"] == 1
    spectator = await http.get(f"/api/v1/matches/{match_id}/reviews/1")
    assert spectator.status_code == 200 and spectator.json() == bots
    nobody_asked = (await http.get(f"/api/v1/matches/{match_id}/reviews/0")).json()
    assert nobody_asked["status"] == "none" and nobody_asked.get("review") is None
    no_seat = await http.get(f"/api/v1/matches/{match_id}/reviews/2")
    assert refusal(no_seat) == (422, "match/no_such_seat")
    anonymous = await http.post(f"/api/v1/matches/{match_id}/reviews/0")
    assert refusal(anonymous) == (401, "auth/missing")


async def reviewed_once_then_served_from_the_cache(
    http: httpx.AsyncClient, match_id: str, ada: Player
) -> dict[str, Any]:
    first = await reviewed(http, match_id, 0, ada)
    review = first["review"]
    assert review["format"] == "foxden-review/1" and review["seat"] == 0
    assert first["done"] == first["total"] == len(review["decisions"]) > 0
    check_decisions(review)
    again = await http.post(f"/api/v1/matches/{match_id}/reviews/0", headers=ada.auth)
    assert again.status_code == 202 and again.json() == first  # the cache, not a new job
    async with http.app.state.context.db.sessions() as session:  # type: ignore[attr-defined]
        jobs = (await session.scalars(select(ReviewJob))).all()
    # One job per seat asked for (Bob's of seat 1 before), each worked out once.
    assert sorted((job.seat, job.attempts) for job in jobs) == [(0, 1), (1, 1)]
    return first


def check_decisions(review: dict[str, Any]) -> None:
    thresholds = review["thresholds"]
    for decision in review["decisions"]:
        assert decision["seq"] == decision["step"] + 1
        assert 0 <= decision["value"] <= decision["best_value"] <= 1
        assert abs(decision["cost"] - (decision["best_value"] - decision["value"])) < 1e-3
        expected = (
            "mistake"
            if decision["cost"] >= thresholds["mistake"]
            else "inaccuracy"
            if decision["cost"] >= thresholds["inaccuracy"]
            else None
        )
        assert decision["flag"] == expected
    flags = [decision["flag"] for decision in review["decisions"]]
    assert review["mistakes"] == flags.count("mistake")
    assert review["inaccuracies"] == flags.count("inaccuracy")


async def play_on_from_a_decision(
    http: httpx.AsyncClient, match_id: str, ada: Player, decision: dict[str, Any]
) -> None:
    """Ada's practice table from a decision of hers, against the bot."""
    path = f"/api/v1/matches/{match_id}/reviews/0/practice"
    started = await http.post(path, headers=ada.auth, json={"step": decision["step"]})
    assert started.status_code == 201, started.text
    practice = started.json()["match_id"]
    summary = (await http.get(f"/api/v1/matches/{practice}", headers=ada.auth)).json()
    assert summary["status"] == "active"
    assert [seat["bot"] for seat in summary["seats"]] == [None, "practice"]  # the expert plays
    assert summary["seats"][0]["player_id"] == ada.id
    # Ada sees exactly what she saw at that step: the same view, the same choices.
    then = (await http.get(f"/api/v1/matches/{match_id}/replay/{decision['step']}")).json()
    now = (await http.get(f"/api/v1/matches/{practice}/state", headers=ada.auth)).json()
    assert now["view"] == then["views"][0]["view"]
    assert decision["made"] in now["legal_actions"]
    assert refusal(await http.get(f"/api/v1/matches/{practice}/state")) == (
        403,
        "auth/forbidden",
    )
    bots_step = decision["step"] + 1  # the bot answered Ada's move
    refused = await http.post(path, headers=ada.auth, json={"step": bots_step})
    assert refusal(refused) == (422, "review/no_such_decision")
    await play_on_then_resign(http, practice, ada, decision["made"], now)


async def play_on_then_resign(
    http: httpx.AsyncClient, practice: str, ada: Player, move: Any, start: dict[str, Any]
) -> None:
    """The practice table plays like any match, and its replay starts where it started."""
    assert (await act(http, practice, ada, move, version=start["version"])).status_code == 200
    resigned = await http.post(f"/api/v1/matches/{practice}/resign", headers=ada.auth)
    assert resigned.status_code == 200, resigned.text
    first = (await http.get(f"/api/v1/matches/{practice}/replay/0", headers=ada.auth)).json()
    assert first["views"][0]["view"] == start["view"]
    document = (await http.get(f"/api/v1/matches/{practice}/export", headers=ada.auth)).json()
    engine = REGISTRY[document["game"]]
    state = engine.decode(document["start_state"])
    for step in document["actions"]:
        if step["seat"] is not None:
            state = engine.apply(state, step["seat"], step["action"]).state
    encoded = orjson.dumps(engine.encode(state), option=orjson.OPT_NON_STR_KEYS)
    assert hashlib.sha256(encoded).hexdigest() == document["final_state_sha256"]


async def test_a_private_tables_review_is_for_its_players(database_url: str) -> None:
    async with app_client(database_url, **REVIEW_SETTINGS) as http:
        ada, match_id = await finished_match(http, private=True)
        stranger = await new_player(http, "Eve")
        path = f"/api/v1/matches/{match_id}/reviews/0"
        assert refusal(await http.get(path)) == (403, "auth/forbidden")
        assert refusal(await http.post(path, headers=stranger.auth)) == (403, "auth/forbidden")
        assert (await reviewed(http, match_id, 0, ada))["review"]["seat"] == 0


@pytest.mark.parametrize("told", ["by the poll", "through the broker"])
async def test_a_review_asked_on_another_process_is_found(
    database_url: str, clock: ManualClock, told: str
) -> None:
    """The asking process tells every other one (`ReviewAsked` on the `reviews` channel), and
    a worker idle on its long poll takes the job at once; without that word, the poll finds
    it when it comes round on the process's clock."""
    hour = {**REVIEW_SETTINGS, "review_poll_seconds": 3600.0}
    async with app_client(database_url, clock=clock, **hour) as http:
        ada, match_id = await finished_match(http)
        context = http.app.state.context  # type: ignore[attr-defined]
        async with context.db.sessions() as session:  # queued as another process would
            await jobs.ask(session, (match_id, 0), clock.now())
        path = f"/api/v1/matches/{match_id}/reviews/0"
        assert (await http.get(path)).json()["status"] == "queued"
        if told == "through the broker":
            await context.broker.publish(REVIEWS, ReviewAsked().encode())
        else:
            await clock.advance(3600)
        assert (await waited(http, path, ada))["review"]["seat"] == 0


async def test_a_full_queue_refuses_new_reviews(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jobs, "QUEUE_MAX", 1)
    hour = {**REVIEW_SETTINGS, "review_poll_seconds": 3600.0}
    async with app_client(database_url, clock=ManualClock(), **hour) as http:
        ada, match_id = await finished_match(http)
        context = http.app.state.context  # type: ignore[attr-defined]
        async with context.db.sessions() as session:  # waiting, as if asked elsewhere
            await jobs.ask(session, (match_id, 1), context.clock.now())
        full = await http.post(f"/api/v1/matches/{match_id}/reviews/0", headers=ada.auth)
        assert refusal(full) == (429, "rate/limited") and full.headers["Retry-After"] == "60"

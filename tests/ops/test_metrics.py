"""/metrics in one process: what each figure counts, and the bookkeeping of shared files."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from app.context import AppContext
from app.core.clock import ManualClock
from app.core.config import Settings
from app.core.db import Database
from app.ops.instrument import instrument
from app.ops.metrics import MULTIPROCESS_DIR
from app.ops.scrape import exposition, forget_dead_workers
from app.ops.workers import share_metrics
from app.realtime.broker import RedisBroker
from app.realtime.hub import Hub
from app.realtime.presence_store import RedisPresenceStore
from app.web.ratelimit import RateLimiter
from tests.platform.helpers import act, envelope, new_player, start_match
from tests.timing import app_on, run_clock

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]
CLOSED_PORT = "127.0.0.1:1"


def _samples(text: str) -> Samples:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


async def _metrics(http: httpx.AsyncClient) -> tuple[str, Samples]:
    response = await http.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    return response.text, _samples(response.text)


async def test_moves_refusals_matches_and_lobbies_are_counted(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    await client.post("/api/v1/lobbies", headers=ada.auth, json={"game": "high-card", "seats": 2})
    hand = (await envelope(client, match_id, ada))["view"]["hand"]
    assert (await act(client, match_id, bob, {"type": "play", "card": hand[0]})).status_code == 409
    assert (await act(client, match_id, ada, {"type": "play", "card": hand[0]})).status_code == 200
    text, samples = await _metrics(client)
    assert samples[("foxden_actions_total", ())] == 1
    assert samples[("foxden_action_refusals_total", (("code", "action/not_your_turn"),))] == 1
    assert samples[("foxden_action_seconds_count", ())] == 1
    assert samples[("foxden_active_matches", ())] == 1
    assert samples[("foxden_open_lobbies", ())] == 1  # the started one is no longer open
    route = (("method", "POST"), ("route", "/api/v1/matches/{match_id}/actions"))
    assert samples[("foxden_http_requests_total", (*route, ("status", "200")))] == 1
    assert samples[("foxden_http_requests_total", (*route, ("status", "409")))] == 1
    for line in text.splitlines():  # every figure says what it is
        if line.startswith("foxden_"):
            name = line.split("{")[0].split(" ")[0]
            family = name.removesuffix("_total").removesuffix("_bucket")
            family = family.removesuffix("_count").removesuffix("_sum")
            assert f"# HELP {family}" in text and f"# TYPE {family}" in text, name


async def test_bot_moves_and_recovery_sweeps_are_counted(
    tmp_path: Path, with_high_card: None
) -> None:
    clock = ManualClock()
    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    async with app_on(clock, url, auto_migrate=True, bot_delay_ms=0) as (app, http):
        ada = await new_player(http, "Ada")
        match_id = await start_match(http, ada, [], bots={1: "random"})
        seen = await envelope(http, match_id, ada)
        if 0 in seen["to_act"]:
            card = seen["view"]["hand"][0]
            assert (
                await act(http, match_id, ada, {"type": "play", "card": card})
            ).status_code == 200
        await run_clock(clock, 1, app)
        _, samples = await _metrics(http)
    assert samples[("foxden_bot_moves_total", ())] >= 1
    assert samples[("foxden_recovery_sweep_seconds_count", ())] >= 1  # the pass at start


async def test_an_unreachable_database_is_counted_and_metrics_still_answer() -> None:
    async with app_on(ManualClock(), f"postgresql+asyncpg://postgres@{CLOSED_PORT}/x") as (
        _,
        http,
    ):
        await http.get("/readyz")
        _, samples = await _metrics(http)
    assert samples[("foxden_database_errors_total", (("error", "ConnectionRefusedError"),))] >= 1
    assert ("foxden_active_matches", ()) not in samples  # unknown, not a false 0


async def test_broker_failures_are_counted_by_operation(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}")
    broker = RedisBroker(f"redis://{CLOSED_PORT}/0")
    store = RedisPresenceStore(f"redis://{CLOSED_PORT}/0")
    context = AppContext(
        settings, Database(settings.database_url), broker, Hub(), RateLimiter(60), presence=store
    )
    instrument(context)
    assert await broker.ping() is False
    with pytest.raises(Exception):  # noqa: B017 - whichever error redis-py raises
        await store.add("x", 0, 1)
    samples = _samples((await exposition(context)).decode())
    await context.db.dispose()
    assert samples[("foxden_broker_errors_total", (("operation", "ping"),))] == 1
    assert samples[("foxden_broker_errors_total", (("operation", "presence"),))] == 1


def test_the_live_gauges_of_a_dead_worker_are_dropped(tmp_path: Path) -> None:
    finished = subprocess.Popen(["true"])
    finished.wait()  # its pid names no process now
    dead = tmp_path / f"gauge_livesum_{finished.pid}.db"
    alive = tmp_path / f"gauge_livesum_{os.getpid()}.db"
    counts = tmp_path / f"counter_{finished.pid}.db"
    for path in (dead, alive, counts):
        path.write_bytes(b"")
    forget_dead_workers(tmp_path)
    assert not dead.exists()
    assert alive.exists() and counts.exists()  # a dead worker's counts stay in the sums


def test_several_workers_share_an_emptied_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(MULTIPROCESS_DIR, raising=False)
    assert share_metrics(1) is None and MULTIPROCESS_DIR not in os.environ
    (tmp_path / "counter_1.db").write_bytes(b"last run")
    monkeypatch.setenv(MULTIPROCESS_DIR, str(tmp_path))
    assert share_metrics(1) == tmp_path  # the operator's directory, even for one worker
    assert not list(tmp_path.iterdir())
    monkeypatch.delenv(MULTIPROCESS_DIR)
    made = share_metrics(4)
    assert made is not None and made.is_dir() and os.environ[MULTIPROCESS_DIR] == str(made)


async def test_a_retried_move_is_counted_once(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    hand = (await envelope(client, match_id, ada))["view"]["hand"]
    for _ in range(2):  # the answer was lost: the client sends the same move again
        sent = await act(client, match_id, ada, {"type": "play", "card": hand[0]}, id="move-1")
        assert sent.status_code == 200, sent.text
    _, samples = await _metrics(client)
    assert samples[("foxden_actions_total", ())] == 1
    assert samples[("foxden_action_seconds_count", ())] == 1

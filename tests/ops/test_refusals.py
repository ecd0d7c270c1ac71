"""Setups that cannot work refuse at start with what to set; so do unknown bots and matches
stored by another engine version, instead of being served wrongly."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from sqlalchemy import update

from app.bots.runner import choose
from app.bots.strategies import UnknownStrategy, strategy_named
from app.lobby.models import LobbySeat
from app.matches.models import Match
from app.matches.store import match_for_push
from tests.platform.helpers import envelope, new_player, start_match
from tests.servers import ROOT, running, sqlite_env

CLI_SECONDS = 60


def foxden(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The `foxden` command in a child process, with only these FOXDEN_* settings."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("FOXDEN_")}
    return subprocess.run(
        [sys.executable, "-m", "app.server.cli", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=CLI_SECONDS,
    )


def test_several_workers_on_sqlite_are_refused_with_what_to_set(tmp_path: Path) -> None:
    result = foxden(["serve", "--workers", "2"], sqlite_env(tmp_path))
    assert result.returncode != 0
    assert "SQLite" in result.stderr
    assert "FOXDEN_DATABASE_URL=postgresql" in result.stderr
    assert "FOXDEN_REDIS_URL" in result.stderr
    assert not (tmp_path / "foxden.db").exists(), "refused before anything was touched"


def test_several_workers_without_redis_are_refused_with_what_to_set() -> None:
    env = {"FOXDEN_DATABASE_URL": "postgresql+asyncpg://foxden@127.0.0.1:9/nowhere"}
    result = foxden(["serve", "--workers", "3"], env)
    assert result.returncode != 0
    assert "in-memory fan-out" in result.stderr
    assert "FOXDEN_REDIS_URL=redis://" in result.stderr


@pytest.mark.slow
def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    env = sqlite_env(tmp_path)
    with running(env, "app.server.asgi:app") as first:
        second = foxden(["serve", "--port", "0"], env)
        assert second.returncode != 0
        assert "Another Foxden process already serves the SQLite file" in second.stderr
        assert "FOXDEN_DATABASE_URL=postgresql" in second.stderr
        # The first one serves on, untouched.
        assert httpx.get(first.url + "/readyz", timeout=5).status_code == 200
    # Once it stopped, the file may be served again (the lock went with the process).
    with running(env, "app.server.asgi:app") as again:
        assert httpx.get(again.url + "/readyz", timeout=5).status_code == 200


@pytest.mark.slow
def test_processes_that_share_a_postgres_database_must_share_a_broker(
    postgres_base_url: str, redis_url: str
) -> None:
    alone = {"FOXDEN_DATABASE_URL": postgres_base_url}
    with running(alone, "app.server.asgi:app") as first:  # the in-memory fan-out
        # Each refusal waits out the lock's retries (app/server/startup.py): both wait at once.
        with ThreadPoolExecutor(2) as pool:
            envs = [alone, alone | {"FOXDEN_REDIS_URL": redis_url}]
            second, with_redis = pool.map(lambda env: foxden(["serve", "--port", "0"], env), envs)
        assert second.returncode != 0
        assert "Another Foxden process already serves this Postgres database" in second.stderr
        assert "FOXDEN_REDIS_URL=redis://" in second.stderr
        assert with_redis.returncode != 0
        assert "the same FOXDEN_REDIS_URL" in with_redis.stderr
        assert httpx.get(first.url + "/readyz", timeout=5).status_code == 200
    # With Redis, any number of processes share the database (and a memory one is refused).
    shared = alone | {"FOXDEN_REDIS_URL": redis_url}
    with (
        running(shared, "app.server.asgi:app") as one,
        running(shared, "app.server.asgi:app") as two,
    ):
        for server in (one, two):
            assert httpx.get(server.url + "/readyz", timeout=5).status_code == 200
        lone = foxden(["serve", "--port", "0"], alone)
        assert lone.returncode != 0
        assert "Another Foxden process already serves this Postgres database" in lone.stderr


def test_an_unknown_strategy_is_an_error_not_random() -> None:
    assert strategy_named("oh-fox", "random") is not None
    with pytest.raises(UnknownStrategy, match="no bot strategy 'grandmaster'"):
        strategy_named("oh-fox", "grandmaster")


async def test_a_bot_seat_naming_an_unknown_strategy_does_not_play_random(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada")
    match_id = await start_match(client, ada, [], bots={1: "random"})
    context = client.app.state.context  # type: ignore[attr-defined]
    loaded = await match_for_push(context, match_id, None)
    with pytest.raises(UnknownStrategy):
        choose(loaded, 1, "retired-strategy")


async def test_a_table_whose_bot_is_no_longer_known_does_not_start(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada")
    lobby = (
        await client.post(
            "/api/v1/lobbies", headers=ada.auth, json={"game": "high-card", "seats": 2}
        )
    ).json()
    seated = await client.put(
        f"/api/v1/lobbies/{lobby['id']}/seats/1", headers=ada.auth, json={"bot": "random"}
    )
    assert seated.status_code == 200
    # As if an upgrade dropped the strategy after the bot sat down.
    context = client.app.state.context  # type: ignore[attr-defined]
    async with context.db.sessions() as session:
        await session.execute(
            update(LobbySeat).where(LobbySeat.lobby_id == lobby["id"]).values(bot="retired")
        )
        await session.commit()
    started = await client.post(f"/api/v1/lobbies/{lobby['id']}/start", headers=ada.auth)
    assert started.status_code == 422
    assert started.json()["error"]["code"] == "lobby/bad_options"
    assert "Unknown bot 'retired'" in started.json()["error"]["message"]


async def test_a_match_of_another_engine_version_is_refused(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    actor = [ada, bob][(await envelope(client, match_id, None))["to_act"][0]]
    before = await envelope(client, match_id, actor)
    context = client.app.state.context  # type: ignore[attr-defined]
    async with context.db.sessions() as session:
        newer = Match.engine_version + 1
        await session.execute(
            update(Match).where(Match.id == match_id).values(engine_version=newer)
        )
        await session.commit()
    context.matches.drop(match_id)  # as a freshly started process would read it
    for path in ("/state", "/log"):
        refused = await client.get(f"/api/v1/matches/{match_id}{path}", headers=ada.auth)
        assert refused.status_code == 409, path
        body = refused.json()["error"]
        assert body["code"] == "match/engine_version"
        assert "cannot continue it" in body["message"]
    acted = await client.post(
        f"/api/v1/matches/{match_id}/actions",
        headers=actor.auth,
        json={"action": before["legal_actions"][0], "version": before["version"]},
    )
    assert acted.status_code == 409
    assert acted.json()["error"]["code"] == "match/engine_version"

"""Durability and bookkeeping: SQLite syncs every commit, one rematch table, aborts in history."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from sqlalchemy import text

from app.core.db import Database
from tests.platform.helpers import Player, act, envelope, new_player, start_match

ADMIN = {"Authorization": "Bearer test-admin-token-0123456789abcdef"}
SQLITE_FULL = 2  # PRAGMA synchronous: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA


async def test_every_pooled_sqlite_connection_syncs_each_commit(tmp_path: Path) -> None:
    """An acknowledged action must survive an OS crash, on whichever connection committed it."""
    database = Database(f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}")
    connections = [await database.engine.connect() for _ in range(4)]  # four distinct ones
    try:
        for connection in connections:
            journal = (await connection.execute(text("PRAGMA journal_mode"))).scalar()
            synchronous = (await connection.execute(text("PRAGMA synchronous"))).scalar()
            assert (journal, synchronous) == ("wal", SQLITE_FULL)
    finally:
        for connection in connections:
            await connection.close()
        await database.dispose()


async def _play_out(http: httpx.AsyncClient, match_id: str, players: list[Player]) -> None:
    while (seen := await envelope(http, match_id, None))["status"] == "active":
        actor = players[seen["to_act"][0]]
        legal = (await envelope(http, match_id, actor))["legal_actions"]
        assert (await act(http, match_id, actor, legal[0])).status_code == 200


async def test_a_rematch_pressed_by_both_players_at_once_opens_one_table(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    await _play_out(client, match_id, [ada, bob])
    presses = await asyncio.gather(
        *(
            client.post(f"/api/v1/matches/{match_id}/rematch", headers=player.auth)
            for player in (ada, bob, ada, bob)
        )
    )
    assert [press.status_code for press in presses] == [201] * 4, [p.text for p in presses]
    assert len({press.json()["id"] for press in presses}) == 1
    listed = await client.get("/api/v1/admin/lobbies?status=open", headers=ADMIN)
    assert [lobby["id"] for lobby in listed.json()] == [presses[0].json()["id"]]


async def test_an_abort_is_a_step_of_the_history_so_replay_and_version_agree(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    for player in (ada, bob):
        legal = (await envelope(client, match_id, player))["legal_actions"]
        assert (await act(client, match_id, player, legal[0])).status_code == 200
    aborted = await client.post(f"/api/v1/admin/matches/{match_id}/abort", headers=ADMIN)
    assert aborted.json()["status"] == "aborted" and aborted.json()["version"] == 3
    again = await client.post(f"/api/v1/admin/matches/{match_id}/abort", headers=ADMIN)
    assert again.json()["version"] == 3  # aborting twice changes nothing
    log = (await client.get(f"/api/v1/matches/{match_id}/log", headers=ada.auth)).json()
    assert log["version"] == len(log["replay"]) == 3
    last = log["replay"][-1]
    assert (last["seq"], last["seat"], last["actor"], last["action"]) == (
        3,
        None,
        "admin",
        {"type": "abort"},
    )
    assert log["entries"][-1]["text"] == "An admin aborted the match."

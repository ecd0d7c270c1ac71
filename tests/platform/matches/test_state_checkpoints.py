"""The stored state is a checkpoint; every version still loads as it was played.

Most moves write no state (app/matches/move.py): a load replays the moves since the last
checkpoint. A process that never saw a match (its cache empty) must read exactly the state the
committing process holds, between checkpoints and at the end, on both databases.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
from sqlalchemy import select

from app.matches.models import Match
from app.matches.move import CHECKPOINT_EVERY
from app.matches.store import load_match
from tests.platform.helpers import Player, act, envelope
from tests.platform.playout import open_table, players, seat_and_start


async def _two_player_match(http: httpx.AsyncClient) -> tuple[list[Player], str]:
    ada, bob = await players(http, "Ada", "Bob")
    lobby = await open_table(http, ada, "fox-in-the-forest", 2)
    return [ada, bob], await seat_and_start(http, lobby, ada, [bob])


async def _move(http: httpx.AsyncClient, match_id: str, seats: list[Player], rng: Any) -> str:
    """One random legal move by whoever is to act; the match's status after it."""
    seen = await envelope(http, match_id, None)
    if seen["status"] != "active":
        return str(seen["status"])
    player = seats[seen["to_act"][0]]
    mine = await envelope(http, match_id, player)
    response = await act(
        http, match_id, player, rng.choice(mine["legal_actions"]), version=mine["version"]
    )
    assert response.status_code == 200, response.text
    return str(response.json()["status"])


async def _read_afresh(http: httpx.AsyncClient, match_id: str) -> tuple[Any, Any]:
    """(the stored row's state_version and version, the match as a cold process loads it)."""
    context = http.app.state.context  # type: ignore[attr-defined]
    async with context.db.sessions() as session:
        row = (
            await session.execute(
                select(Match.state_version, Match.version).where(Match.id == match_id)
            )
        ).one()
        context.matches.drop(match_id)
        return row, await load_match(context, session, match_id)


async def test_a_match_read_between_checkpoints_replays_the_moves_since(
    client: httpx.AsyncClient,
) -> None:
    seats, match_id = await _two_player_match(client)
    rng = random.Random(3)
    for _ in range(CHECKPOINT_EVERY + 3):  # past the first checkpoint, short of the second
        await _move(client, match_id, seats, rng)
    held = client.app.state.context.matches.get(match_id)  # type: ignore[attr-defined]
    row, loaded = await _read_afresh(client, match_id)
    assert row.state_version == CHECKPOINT_EVERY < row.version == CHECKPOINT_EVERY + 3
    assert (loaded.version, loaded.state) == (held.version, held.state)


async def test_the_last_move_is_a_checkpoint(client: httpx.AsyncClient) -> None:
    seats, match_id = await _two_player_match(client)
    rng = random.Random(4)
    while await _move(client, match_id, seats, rng) == "active":
        pass
    held = client.app.state.context.matches.get(match_id)  # type: ignore[attr-defined]
    row, loaded = await _read_afresh(client, match_id)
    assert row.state_version == row.version > CHECKPOINT_EVERY
    assert (loaded.version, loaded.state, loaded.status) == (held.version, held.state, "finished")

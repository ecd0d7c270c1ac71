"""Races on one match: concurrent moves at one version, concurrent duplicates of one move,
inside one process (both databases) and across two server processes (Postgres + Redis)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from tests.platform.helpers import Player, envelope, new_player, start_match
from tests.reliability.history import versions_after
from tests.servers import running

RACERS = 8
LOSING_CODES = {"action/stale_version", "action/not_your_turn"}


async def _leader(http: httpx.AsyncClient) -> tuple[str, Player, dict[str, Any]]:
    """A fresh Fox in the Forest match, its leading player and that player's envelope."""
    ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
    match_id = await start_match(http, ada, [bob], game="fox-in-the-forest")
    seen = await envelope(http, match_id, None)
    leader = [ada, bob][seen["to_act"][0]]
    return match_id, leader, await envelope(http, match_id, leader)


async def _post_all(
    https: list[httpx.AsyncClient], match_id: str, player: Player, bodies: list[dict[str, Any]]
) -> list[httpx.Response]:
    """Every body at once, spread over the given servers in turn."""
    return await asyncio.gather(
        *(
            https[number % len(https)].post(
                f"/api/v1/matches/{match_id}/actions", headers=player.auth, json=body
            )
            for number, body in enumerate(bodies)
        )
    )


async def race_different_moves(https: list[httpx.AsyncClient]) -> None:
    match_id, leader, seen = await _leader(https[0])
    version, moves = seen["version"], seen["legal_actions"][:RACERS]
    assert len(moves) == RACERS
    bodies = [{"action": move, "version": version} for move in moves]
    answers = await _post_all(https, match_id, leader, bodies)
    won = [answer for answer in answers if answer.status_code == 200]
    lost = [answer.json()["error"]["code"] for answer in answers if answer.status_code != 200]
    assert len(won) == 1, [answer.text for answer in answers]
    assert {answer.status_code for answer in answers} <= {200, 409}
    assert set(lost) <= LOSING_CODES, lost
    assert won[0].json()["version"] == version + 1
    assert await versions_after(https[0], match_id, version) == {version + 1}


async def race_duplicates(https: list[httpx.AsyncClient]) -> None:
    """The same move and id, sent eight times at once (without a version, so only the id can
    tell them apart): applied once, and every answer is the same envelope."""
    match_id, leader, seen = await _leader(https[0])
    version = seen["version"]
    body = {"action": seen["legal_actions"][0], "id": "the-only-one"}
    answers = await _post_all(https, match_id, leader, [body] * RACERS)
    assert [answer.status_code for answer in answers] == [200] * RACERS, [a.text for a in answers]
    replies = [answer.json() for answer in answers]
    assert all(reply == replies[0] for reply in replies)
    assert replies[0]["version"] == version + 1
    assert await versions_after(https[0], match_id, version) == {version + 1}


async def test_of_eight_different_moves_at_one_version_exactly_one_is_applied(
    client: httpx.AsyncClient,
) -> None:
    await race_different_moves([client])


async def test_eight_duplicates_of_one_move_are_applied_once(client: httpx.AsyncClient) -> None:
    await race_duplicates([client])


async def test_an_action_id_reused_for_another_move_is_refused(client: httpx.AsyncClient) -> None:
    match_id, leader, seen = await _leader(client)
    first, other = seen["legal_actions"][:2]
    path = f"/api/v1/matches/{match_id}/actions"
    played = await client.post(path, headers=leader.auth, json={"action": first, "id": "c-1"})
    assert played.status_code == 200
    reused = await client.post(path, headers=leader.auth, json={"action": other, "id": "c-1"})
    assert (reused.status_code, reused.json()["error"]["code"]) == (409, "action/id_reused")
    assert await versions_after(client, match_id, seen["version"]) == {seen["version"] + 1}


@pytest.mark.slow
async def test_races_across_two_processes_on_postgres_and_redis(
    postgres_base_url: str, redis_url: str
) -> None:
    env = {
        "FOXDEN_DATABASE_URL": postgres_base_url,
        "FOXDEN_REDIS_URL": redis_url,
        "FOXDEN_RATE_PER_MINUTE": "100000",
    }
    with running(env) as one, running(env) as two:
        async with (
            httpx.AsyncClient(base_url=one.url, timeout=15) as first,
            httpx.AsyncClient(base_url=two.url, timeout=15) as second,
        ):
            await race_different_moves([first, second])
            await race_duplicates([first, second])

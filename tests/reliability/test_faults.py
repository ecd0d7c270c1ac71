"""Faults in the services: a private Postgres and a private Redis, each killed -9 during play and
started again, while the app's processes keep running.

Meanwhile /readyz says not ready, requests answer 503 `service/unavailable` with Retry-After
(never a 500, and within the client's timeout), a move over a socket gets a retryable refusal;
afterwards the same move sent again is applied once, nothing acknowledged is lost, and pushes
and bot turns resume in the same processes, with no restart.
"""

from __future__ import annotations

import asyncio
import functools
import shutil
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import httpx
import pytest
from redis import asyncio as aioredis
from websockets.exceptions import ConnectionClosed

from tests.conftest import REQUIRE
from tests.platform.client import MatchSocket
from tests.platform.helpers import Player, envelope, new_player, start_match
from tests.reliability.history import check_replay, versions_after
from tests.reliability.players import SocketSeat
from tests.reliability.services import PG_ROOTS, PrivatePostgres, PrivateRedis, private_services
from tests.servers import Server, running

pytestmark = pytest.mark.slow

ADMIN_TOKEN = "faults-admin-token-of-at-least-32-characters"
BOUND = httpx.Timeout(10.0)  # no answer, even during an outage, may take longer than this
POLLS, POLL_PAUSE = 400, 0.1
TRY_AGAIN_LATER = 1013


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[PrivatePostgres, PrivateRedis]]:
    if not PG_ROOTS or not shutil.which("redis-server"):
        message = "the Postgres binaries or redis-server are not installed"
        if REQUIRE:
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    with private_services() as pair:
        yield pair


@pytest.fixture
def services(
    cluster: tuple[PrivatePostgres, PrivateRedis],
) -> Iterator[tuple[PrivatePostgres, PrivateRedis]]:
    """Both services running, and running again after the test, even one that failed."""
    yield cluster
    for service in cluster:
        service.revive()


def _env(postgres: PrivatePostgres, redis: PrivateRedis | None = None) -> dict[str, str]:
    env = {
        "FOXDEN_DATABASE_URL": postgres.url,
        "FOXDEN_AUTO_MIGRATE": "true",
        "FOXDEN_ADMIN_TOKEN": ADMIN_TOKEN,
        "FOXDEN_RATE_PER_MINUTE": "100000",
        "FOXDEN_BOT_DELAY_MS": "20",
    }
    return env | ({"FOXDEN_REDIS_URL": redis.url} if redis else {})


async def _until(check: Callable[[], Awaitable[bool]], what: str) -> None:
    for _ in range(POLLS):
        if await check():
            return
        await asyncio.sleep(POLL_PAUSE)
    raise AssertionError(f"never happened: {what}")


async def _readiness(http: httpx.AsyncClient) -> dict[str, Any]:
    response = await http.get("/readyz")
    return {"ready": response.status_code == 200, **response.json()}


async def _ready(http: httpx.AsyncClient) -> bool:
    return bool((await _readiness(http))["ready"])


async def _finished(http: httpx.AsyncClient, match_id: str) -> bool:
    return bool((await http.get(f"/api/v1/matches/{match_id}")).json()["status"] == "finished")


def _alive(server: Server) -> bool:
    return server.process is not None and server.process.poll() is None


def _assert_retryable(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.json()["error"]["code"] == "service/unavailable"
    assert int(response.headers["Retry-After"]) > 0


async def _past_outage(send: Callable[[], Awaitable[httpx.Response]]) -> Any:
    """Send the same request again while it answers 503, as a careful client does; the body
    of its 200."""
    for _ in range(POLLS):
        response = await send()
        if response.status_code != 503:
            assert response.status_code == 200, response.text
            return response.json()
        _assert_retryable(response)
        await asyncio.sleep(POLL_PAUSE)
    raise AssertionError("the service never came back")


async def _until_accepted(http: httpx.AsyncClient, path: str, player: Player, body: Any) -> Any:
    return await _past_outage(lambda: http.post(path, headers=player.auth, json=body))


async def _table(http: httpx.AsyncClient) -> tuple[str, Player, Player, dict[str, Any]]:
    """A Fox in the Forest match: its leading player, the other one, the leader's envelope."""
    ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
    match_id = await start_match(http, ada, [bob], game="fox-in-the-forest")
    seen = await envelope(http, match_id, None)
    leader, other = (ada, bob) if seen["to_act"] == [0] else (bob, ada)
    return match_id, leader, other, await envelope(http, match_id, leader)


async def _bots_playing(http: httpx.AsyncClient) -> tuple[str, Player]:
    """A match only bots play: the host sits with a bot, starts, and leaves the table to it."""
    host = await new_player(http, "Host")
    options = {"target_score": 16}
    match_id = await start_match(http, host, [], "fox-in-the-forest", options, {1: "random"})
    left = await http.post(f"/api/v1/matches/{match_id}/leave", headers=host.auth)
    assert left.status_code == 200, left.text
    return match_id, host


async def _socket_refusal(socket: MatchSocket, frame_id: str) -> tuple[str, Any]:
    """How a socket answers a move it cannot apply now: an error frame, or a close."""
    try:
        while True:
            frame = await socket.receive()
            if frame["type"] == "error" and frame.get("id") == frame_id:
                return "error", frame["code"]
    except ConnectionClosed as closed:
        return "closed", closed.rcvd.code if closed.rcvd else None


async def test_a_postgres_crash_answers_503_and_play_resumes_by_itself(
    services: tuple[PrivatePostgres, PrivateRedis],
) -> None:
    postgres, _ = services
    with running(_env(postgres)) as server:
        async with httpx.AsyncClient(base_url=server.url, timeout=BOUND) as http:
            match_id, leader, other, seen = await _table(http)
            bots_match, host = await _bots_playing(http)
            # The other player watches as the browser does: a socket closed with 1013 reconnects.
            watcher = SocketSeat(server.ws_url, match_id, other.token)
            mover = await MatchSocket.open(server.ws_url, match_id, leader.token)
            version = seen["version"]
            await watcher.envelope(version)
            move = {"action": seen["legal_actions"][0], "version": version, "id": "the-move"}
            path = f"/api/v1/matches/{match_id}"

            postgres.kill()
            readiness = await _readiness(http)
            assert (readiness["ready"], readiness["database"]) == (False, False)
            _assert_retryable(await http.post(path + "/actions", headers=leader.auth, json=move))
            _assert_retryable(await http.get(path + "/state", headers=leader.auth))
            await mover.send({"type": "act", **move})
            refusal = await _socket_refusal(mover, "the-move")
            assert refusal in {("error", "service/unavailable"), ("closed", TRY_AGAIN_LATER)}
            await mover.close()

            postgres.start()
            await _until(lambda: _ready(http), "/readyz says ready again")
            accepted = await _until_accepted(http, path + "/actions", leader, move)
            assert accepted["version"] == version + 1
            assert await versions_after(http, match_id, version) == {version + 1}
            assert (await watcher.envelope(version + 1))["version"] == version + 1
            # The bots pick their match up again by themselves and play it to the end.
            await _until(lambda: _finished(http, bots_match), "the bots finish their match")
            await check_replay(http, bots_match, host.token, ADMIN_TOKEN)
            await watcher.close()
        assert _alive(server)


async def _open_socket(ws_url: str, match_id: str, player: Player) -> MatchSocket:
    """A new match socket; one that the server closes at once (1013: a stale connection to
    Redis met on the way) is opened again."""
    for _ in range(POLLS):
        try:
            return await MatchSocket.open(ws_url, match_id, player.token)
        except ConnectionClosed:
            await asyncio.sleep(POLL_PAUSE)
    raise AssertionError("the match socket never opened")


async def _to_move(
    http: httpx.AsyncClient, match_id: str, players: tuple[Player, Player]
) -> tuple[Player, dict[str, Any]]:
    """The player to act now (a multi-step turn keeps the same one), with their envelope."""
    for player in players:
        seen = await _state(http, match_id, player)
        if seen["legal_actions"]:
            return player, seen
    raise AssertionError("nobody is to act")


async def _state(http: httpx.AsyncClient, match_id: str, player: Player) -> dict[str, Any]:
    path = f"/api/v1/matches/{match_id}/state"
    return dict(await _past_outage(lambda: http.get(path, headers=player.auth)))


async def _move_published_at_once(
    http: httpx.AsyncClient, match_id: str, players: tuple[Player, Player]
) -> int:
    """Moves until one is answered 200 at the first try, so its publish went through (the
    first use of a pooled connection that Redis dropped fails once); returns its version."""
    for number in range(10):
        mover, seen = await _to_move(http, match_id, players)
        body = {"action": seen["legal_actions"][0], "version": seen["version"], "id": f"m{number}"}
        path = f"/api/v1/matches/{match_id}/actions"
        first_try = await http.post(path, headers=mover.auth, json=body)
        if first_try.status_code == 200:
            return int(first_try.json()["version"])
        _assert_retryable(first_try)
        await _until_accepted(http, path, mover, body)
    raise AssertionError("no move was answered at the first try")


async def _subscribed(redis: PrivateRedis, processes: int) -> bool:
    """Every app process has its pattern subscription on this Redis again."""
    client = aioredis.from_url(redis.url)
    try:
        clients = await client.client_list()
    finally:
        await client.aclose()
    return sum(int(entry["psub"]) > 0 for entry in clients) == processes


async def test_a_redis_crash_answers_503_and_pushes_resume_across_processes(
    services: tuple[PrivatePostgres, PrivateRedis],
) -> None:
    postgres, redis = services
    with running(_env(postgres, redis)) as one, running(_env(postgres, redis)) as two:
        async with (
            httpx.AsyncClient(base_url=one.url, timeout=BOUND) as first,
            httpx.AsyncClient(base_url=two.url, timeout=BOUND) as second,
        ):
            match_id, leader, other, seen = await _table(first)
            watcher = SocketSeat(two.ws_url, match_id, other.token)
            version = seen["version"]
            await watcher.envelope(version)
            move = {"action": seen["legal_actions"][0], "version": version, "id": "the-move"}
            path = f"/api/v1/matches/{match_id}/actions"

            redis.kill()
            for http in (first, second):
                readiness = await _readiness(http)
                assert (readiness["ready"], readiness["broker"]) == (False, False)
            during = await first.post(path, headers=leader.auth, json=move)
            if during.status_code != 200:  # committed or not, the answer says: try again
                _assert_retryable(during)

            redis.start()
            for http in (first, second):
                await _until(functools.partial(_ready, http), "/readyz says ready again")
            accepted = await _until_accepted(first, path, leader, move)
            assert accepted["version"] == version + 1
            assert await versions_after(first, match_id, version) == {version + 1}
            await _until(lambda: _subscribed(redis, 2), "both processes subscribe again")
            fresh = await _open_socket(two.ws_url, match_id, other)
            pushed = await _move_published_at_once(first, match_id, (leader, other))
            # A move made on server one is pushed to a socket on server two again...
            assert (await fresh.until_version(pushed))["version"] == pushed
            # ...and the socket opened before the outage shows it by itself (it reconnects
            # after a 1013 close, as the browser does).
            assert (await watcher.envelope(pushed))["version"] == pushed
            await fresh.close()
            await watcher.close()
        for server in (one, two):
            assert _alive(server)

"""A socket's hello reads the match once: its first push and the pushes that only say who is
connected come from the copy the process holds (each read costs a session and a round trip,
and a match opens with two hellos and two presence changes)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.core.config import Settings
from app.realtime.match_ws import MatchSocket
from app.server.main import create_app
from tests.platform.helpers import act, counting_statements, envelope
from tests.platform.realtime.test_websockets import (  # noqa: F401 (fixtures)
    InProcessSocket,
    app,
    http,
    match_socket,
    new_match,
)


def _reads_of_matches(statements: list[str]) -> list[str]:
    return [s for s in statements if "FROM matches" in s]


def _connected(frame: dict[str, Any]) -> list[bool]:
    return [seat["connected"] for seat in frame["seats"]]


async def test_two_hellos_read_the_match_twice_and_presence_is_still_pushed(
    app: FastAPI,  # noqa: F811
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    ada, bob, match_id = await new_match(http)
    with counting_statements(app) as statements:
        ada_socket = await match_socket(app, match_id, ada)
        first = await ada_socket.until("envelope")
        assert _connected(first) == [True, False]
        bob_socket = await match_socket(app, match_id, bob)
        assert _connected(await bob_socket.until("envelope")) == [True, True]
        # Ada is told Bob came, from the copy she was shown: same version, new presence.
        told = await ada_socket.until("envelope")
        assert (told["version"], _connected(told)) == (first["version"], [True, True])
    assert len(_reads_of_matches(statements)) == 2, statements
    await bob_socket.close()
    gone = await ada_socket.until("envelope")
    assert _connected(gone) == [True, False]
    await ada_socket.close()


async def test_a_move_committed_between_the_hello_and_the_first_push_is_the_one_shown(
    app: FastAPI,  # noqa: F811
    http: httpx.AsyncClient,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first push trusts the hello's copy only when nothing newer is held: a move
    committed after the hello read the match and before the socket listens still shows."""
    ada, bob, match_id = await new_match(http)
    before = await envelope(http, match_id, ada)
    mover = ada if before["to_act"] == [0] else bob
    mine = await envelope(http, match_id, mover)
    hold_slot = MatchSocket.hold_slot

    async def move_meanwhile(socket: MatchSocket, topic: str) -> None:
        response = await act(
            http, match_id, mover, mine["legal_actions"][0], version=mine["version"]
        )
        assert response.status_code == 200, response.text
        await hold_slot(socket, topic)

    monkeypatch.setattr(MatchSocket, "hold_slot", move_meanwhile)
    ada_socket = await match_socket(app, match_id, ada)
    assert (await ada_socket.until("envelope"))["version"] == before["version"] + 1
    await ada_socket.close()


@pytest.fixture
async def app_on_redis(
    postgres_base_url: str, redis_url: str, with_high_card: None
) -> AsyncIterator[FastAPI]:
    """The app with Redis as its broker: its own presence changes come back to it."""
    settings = Settings(database_url=postgres_base_url, redis_url=redis_url, bot_delay_ms=0)
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        yield application


async def test_a_seat_gets_an_envelope_for_each_change_of_presence_and_no_repeats(
    app_on_redis: FastAPI,
) -> None:
    """Each arrival and departure is published through Redis and comes back to every socket
    of the match, the arriving one included: a socket already showing it sends nothing."""
    transport = httpx.ASGITransport(app=app_on_redis)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        ada, bob, match_id = await new_match(client)
    ada_socket = await match_socket(app_on_redis, match_id, ada)
    seen = [_connected(await ada_socket.until("envelope"))]
    bob_socket = await match_socket(app_on_redis, match_id, bob)
    await bob_socket.until("envelope")
    while seen[-1] != [True, True]:
        seen.append(_connected(await ada_socket.until("envelope")))
    await bob_socket.close()
    while seen[-1] != [True, False]:
        seen.append(_connected(await ada_socket.until("envelope")))
    assert seen == [[True, False], [True, True], [True, False]]
    await ada_socket.close()

"""A player's own event stream: what a bot or a phone app listens to instead of polling every
match (before, a client had to hold a socket per match to learn that it was its turn)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.core.clock import ManualClock
from app.core.config import Settings
from app.player_events.stream import KEEPALIVE_SECONDS
from tests.platform.accounts.helpers import claimed
from tests.platform.helpers import act, envelope, new_player, start_match
from tests.platform.player_events.reader import WAIT, events_of
from tests.servers import InProcessServer

ADMIN_TOKEN = "events-admin-token-0123456789abcdef"
# Keys an event may carry: a stream tells where to look, never what a seat holds.
MATCH_EVENT_KEYS = {"type", "match_id", "game", "seat", "version", "deadline", "players"}
ENDED_KEYS = {"type", "match_id", "game", "seat", "version", "status", "won", "winners"}
ENDED_KEYS |= {"scores", "reason"}


@pytest.fixture
def site(tmp_path: Path, with_high_card: None) -> Iterator[InProcessServer]:
    settings = Settings(
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}",
        auto_migrate=True,
        rate_per_minute=100_000,
        bot_delay_ms=0,
        ws_sockets_per_match=2,
        admin_token=ADMIN_TOKEN,
    )
    server = InProcessServer(settings, ManualClock())
    server.start()
    yield server
    server.stop()


async def _keepalive_due(site: InProcessServer) -> None:
    """Move the server's clock to the first keep-alive (due a fixed time after the request)."""
    await asyncio.to_thread(site.run_clock, KEEPALIVE_SECONDS)


async def _play_out(http: httpx.AsyncClient, match_id: str, players: dict[str, Any]) -> None:
    """Play whoever is to act until the match ends."""
    while True:
        for player in players.values():
            state = await envelope(http, match_id, player)
            if state["status"] != "active":
                return
            if state["legal_actions"]:
                response = await act(http, match_id, player, state["legal_actions"][0])
                assert response.status_code == 200, response.text


async def test_your_turn_start_and_end_reach_each_players_stream(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
        async with events_of(http, ada) as ada_events, events_of(http, bob) as bob_events:
            match_id = await start_match(http, ada, [bob])
            started = await ada_events.of_type("match_started", match_id=match_id)
            assert started["seat"] == 0 and started["players"] == ["Ada", "Bob"]
            assert (await bob_events.of_type("match_started", match_id=match_id))["seat"] == 1
            turn = await ada_events.of_type("your_turn", match_id=match_id, version=0)
            assert set(turn) <= MATCH_EVENT_KEYS and turn["game"] == "high-card"
            card = (await envelope(http, match_id, ada))["legal_actions"][0]
            assert (await act(http, match_id, ada, card)).status_code == 200
            assert (await bob_events.of_type("your_turn", match_id=match_id))["version"] == 1
            await _play_out(http, match_id, {"ada": ada, "bob": bob})
            ended = await ada_events.of_type("match_ended", match_id=match_id)
            assert set(ended) == ENDED_KEYS
            final = await envelope(http, match_id, ada)
            assert ended["winners"] == final["outcome"]["winners"]
            assert ended["won"] == (0 in final["outcome"]["winners"])
            await bob_events.of_type("match_ended", match_id=match_id)
        # Only your own turns: Bob never heard of a version where Ada was to act.
        for event in bob_events.seen:
            if event["type"] == "your_turn":
                assert event["seat"] == 1
        for event in [*ada_events.seen, *bob_events.seen]:
            assert "view" not in event and "hand" not in event and "state" not in event


async def test_the_stream_opens_with_the_matches_waiting_for_you(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
        match_id = await start_match(http, ada, [bob])
        async with events_of(http, bob) as bob_events:
            # Nothing waits for Bob: the first line he gets is the keep-alive.
            await _keepalive_due(site)
            assert await bob_events.line() == ""
        async with events_of(http, ada) as ada_events:
            turn = await ada_events.event(lambda e: True)
            assert (turn["type"], turn["match_id"], turn["seat"]) == ("your_turn", match_id, 0)


async def test_server_sent_events_on_request(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
        match_id = await start_match(http, ada, [bob])
        sse = {"Accept": "text/event-stream"}
        async with events_of(http, ada, sse) as stream:
            assert stream.response.headers["content-type"].startswith("text/event-stream")
            assert await stream.line() == "event: your_turn"
            assert match_id in await stream.line()
            assert await stream.line() == ""
            await _keepalive_due(site)
            assert await stream.line() == ": keep-alive"


async def test_ndjson_is_the_default_and_streams_are_capped(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        ada = await new_player(http, "Ada")
        async with events_of(http, ada) as first, events_of(http, ada):
            assert first.response.headers["content-type"].startswith("application/x-ndjson")
            refused = await http.get("/api/v1/players/me/events", headers=ada.auth)
            assert refused.status_code == 429
            assert refused.json()["error"]["code"] == "rate/too_many_sockets"
        anonymous = await http.get("/api/v1/players/me/events", timeout=WAIT)
        assert anonymous.json()["error"]["code"] == "auth/missing"


async def test_challenges_on_the_stream_and_in_its_opening(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url, timeout=WAIT) as http:
        ada, bob = await claimed(http, "Ada", "ada"), await claimed(http, "Bob", "bob")
        first = await http.post(
            "/api/v1/challenges", headers=ada.auth, json={"to": "bob", "game": "high-card"}
        )
        # Sent before Bob listened: his stream opens with it.
        async with events_of(http, bob) as bob_events, events_of(http, ada) as ada_events:
            opening = await bob_events.of_type("challenge")
            assert opening["challenge"]["id"] == first.json()["id"]
            assert opening["challenge"]["challenger"]["name"] == "Ada"
            declined = await http.post(
                f"/api/v1/challenges/{first.json()['id']}/decline",
                headers=bob.auth,
                json={"reason": "Not now"},
            )
            assert declined.status_code == 200
            told = await ada_events.of_type("challenge_declined")
            assert told["challenge"]["decline_reason"] == "Not now"
            second = await http.post(
                "/api/v1/challenges", headers=ada.auth, json={"to": "bob", "game": "high-card"}
            )
            second_id = second.json()["id"]
            assert (await bob_events.of_type("challenge"))["challenge"]["id"] == second_id
            await http.post(f"/api/v1/challenges/{second_id}/cancel", headers=ada.auth)
            canceled = await bob_events.of_type("challenge_canceled")
            assert canceled["challenge"]["status"] == "canceled"


async def test_a_signed_out_device_s_stream_ends_with_signed_out(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url, timeout=WAIT) as http:
        ada = await claimed(http, "Ada", "ada")
        async with events_of(http, ada) as stream:
            out = await http.delete("/api/v1/sessions/current", headers=ada.auth)
            assert out.status_code == 204
            last = await stream.of_type("signed_out")
            assert last["code"] == "auth/revoked"
            await asyncio.wait_for(stream.ended.wait(), WAIT)


async def test_an_aborted_match_ends_on_the_stream(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url, timeout=WAIT) as http:
        ada, bob = await new_player(http, "Ada"), await new_player(http, "Bob")
        match_id = await start_match(http, ada, [bob])
        async with events_of(http, bob) as bob_events:
            admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
            aborted = await http.post(f"/api/v1/admin/matches/{match_id}/abort", headers=admin)
            assert aborted.status_code == 200, aborted.text
            ended = await bob_events.of_type("match_ended", match_id=match_id)
            assert (ended["status"], ended["won"], ended["version"]) == ("aborted", False, 1)

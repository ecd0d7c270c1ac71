"""Challenges and the event stream across processes: two real servers on one Postgres and
Redis. A challenge sent through one reaches the other player's stream open on the other; the
accept there starts the match; each move on one process is the other player's `your_turn` on
the other (news goes by the broker, fed by the commit hook, never by the request's process)."""

from __future__ import annotations

import uuid

import httpx
import pytest

from tests.platform.accounts.helpers import claimed
from tests.platform.helpers import act, envelope
from tests.platform.player_events.reader import events_of
from tests.servers import running

pytestmark = pytest.mark.slow


async def test_a_challenge_and_its_match_between_two_processes(
    postgres_base_url: str, redis_url: str, with_high_card: None
) -> None:
    env = {"FOXDEN_DATABASE_URL": postgres_base_url, "FOXDEN_REDIS_URL": redis_url}
    with running(env) as one, running(env) as two:
        async with (
            httpx.AsyncClient(base_url=one.url, timeout=30) as first,
            httpx.AsyncClient(base_url=two.url, timeout=30) as second,
        ):
            # The session's database is shared with other test files: names of their own.
            tag = uuid.uuid4().hex[:8]
            ada = await claimed(first, "Ada", f"ada-{tag}")
            bob = await claimed(second, "Bob", f"bob-{tag}")
            async with events_of(first, ada) as ada_events, events_of(second, bob) as bob_events:
                sent = await first.post(
                    "/api/v1/challenges",
                    headers=ada.auth,
                    json={"to": f"bob-{tag}", "game": "high-card", "seat": 0},
                )
                assert sent.status_code == 201, sent.text
                challenge_id = sent.json()["id"]
                heard = await bob_events.of_type("challenge")
                assert heard["challenge"]["id"] == challenge_id
                assert heard["challenge"]["direction"] == "in"
                assert heard["challenge"]["challenger"]["name"] == "Ada"

                accepted = await second.post(
                    f"/api/v1/challenges/{challenge_id}/accept", headers=bob.auth
                )
                assert accepted.status_code == 200, accepted.text
                match_id = accepted.json()["match_id"]
                told = await ada_events.of_type("challenge_accepted")
                assert told["challenge"]["match_id"] == match_id
                assert (await ada_events.of_type("match_started", match_id=match_id))["seat"] == 0
                assert (await bob_events.of_type("match_started", match_id=match_id))["seat"] == 1
                await ada_events.of_type("your_turn", match_id=match_id, version=0)

                card = (await envelope(first, match_id, ada))["legal_actions"][0]
                moved = await act(first, match_id, ada, card)
                assert moved.status_code == 200, moved.text
                turn = await bob_events.of_type("your_turn", match_id=match_id)
                assert (turn["seat"], turn["version"]) == (1, 1)

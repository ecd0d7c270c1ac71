"""A challenge offers a slow table's clock as a lobby does: the accepted challenge's match has
that clock, and a clock the lobby refuses is refused with the lobby's code. Before, a slow
match could only be started from a table in the lobby."""

from __future__ import annotations

from typing import Any

import httpx

from tests.platform.accounts.helpers import claimed, code
from tests.platform.helpers import envelope

CHALLENGES = "/api/v1/challenges"
HOUR = 3600
SLOW = {"move_seconds": 2 * 86400, "bank_seconds": 86400}


async def test_an_accepted_slow_challenge_starts_a_match_with_its_clock(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await claimed(client, "Ada", "ada"), await claimed(client, "Bob", "bob")
    sent = await client.post(
        CHALLENGES,
        headers=ada.auth,
        json={"to": "bob", "game": "high-card", "seat": 0, "slow_clock": SLOW},
    )
    assert sent.status_code == 201, sent.text
    assert sent.json()["slow_clock"] == SLOW and sent.json()["turn_seconds"] is None
    [incoming] = (await client.get(CHALLENGES, headers=bob.auth)).json()["incoming"]
    assert incoming["slow_clock"] == SLOW  # what the challenged player is asked to accept
    accepted = await client.post(f"{CHALLENGES}/{incoming['id']}/accept", headers=bob.auth)
    assert accepted.status_code == 200, accepted.text
    match = await envelope(client, accepted.json()["match_id"], ada)
    clock = match["clock"]
    assert (clock["move_seconds"], clock["bank_seconds"]) == tuple(SLOW.values())
    assert [seat["bank_left"] for seat in clock["seats"]] == [SLOW["bank_seconds"]] * 2
    assert match["to_act"] == [0] and clock["seats"][0]["deadline"] is not None

    plain = await client.post(CHALLENGES, headers=ada.auth, json={"to": "bob", "game": "high-card"})
    assert plain.json()["slow_clock"] is None  # not slow unless asked


async def test_a_bad_slow_clock_is_refused_with_the_lobby_s_code(
    client: httpx.AsyncClient,
) -> None:
    ada, _bob = await claimed(client, "Ada", "ada"), await claimed(client, "Bob", "bob")
    bad: list[dict[str, Any]] = [
        {"slow_clock": {"move_seconds": 60}},  # under an hour a move
        {"slow_clock": {"move_seconds": HOUR, "bank_seconds": 365 * 86400}},
        {"slow_clock": {"bank_seconds": HOUR}},  # no time per move
        {"slow_clock": SLOW, "turn_seconds": 60},  # two clocks
    ]
    for body in bad:
        table = await client.post(
            "/api/v1/lobbies", headers=ada.auth, json={"game": "high-card", **body}
        )
        challenge = await client.post(
            CHALLENGES, headers=ada.auth, json={"to": "bob", "game": "high-card", **body}
        )
        assert code(table)[1] in ("request/malformed", "lobby/clock_conflict")
        assert code(challenge) == code(table), body
    assert (await client.get(CHALLENGES, headers=ada.auth)).json()["outgoing"] == []

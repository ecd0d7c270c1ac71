"""Challenges: an account asks another by name for a match; it is accepted, declined,
canceled or expires. Before, two players had to meet at a table in the lobby list."""

from __future__ import annotations

from typing import Any

import httpx

from app.challenges.service import EXPIRES_AFTER
from app.clock import ManualClock
from tests.platform.accounts.helpers import claimed, code
from tests.platform.helpers import Player, envelope, new_player
from tests.platform.playout import play_out

CHALLENGES = "/api/v1/challenges"


async def _pair(http: httpx.AsyncClient) -> tuple[Player, Player]:
    return await claimed(http, "Ada", "ada"), await claimed(http, "Bob", "bob")


async def _challenge(
    http: httpx.AsyncClient, by: Player, to: str = "bob", **body: Any
) -> httpx.Response:
    return await http.post(
        CHALLENGES, headers=by.auth, json={"to": to, "game": "high-card", **body}
    )


async def _answer(
    http: httpx.AsyncClient, by: Player, challenge_id: str, verb: str, **body: Any
) -> httpx.Response:
    return await http.post(
        f"{CHALLENGES}/{challenge_id}/{verb}", headers=by.auth, json=body or None
    )


async def test_an_accepted_challenge_starts_the_match_for_both(client: httpx.AsyncClient) -> None:
    ada, bob = await _pair(client)
    sent = await _challenge(client, ada, to="BOB", seat=1, options={"tricks": 1})
    assert sent.status_code == 201, sent.text
    challenge = sent.json()
    assert (challenge["status"], challenge["direction"], challenge["seat"]) == ("open", "out", 1)
    assert challenge["recipient"] == {"id": bob.id, "name": "Bob", "is_bot": False}
    mine = (await client.get(CHALLENGES, headers=bob.auth)).json()
    assert [c["id"] for c in mine["incoming"]] == [challenge["id"]] and mine["outgoing"] == []
    accepted = await _answer(client, bob, challenge["id"], "accept")
    assert accepted.status_code == 200, accepted.text
    match_id = accepted.json()["match_id"]
    assert accepted.json()["status"] == "accepted" and match_id
    # The challenger sits where it asked; the options are the challenge's.
    state = await envelope(client, match_id, ada)
    assert state["seat"] == 1 and state["status"] == "active"
    assert (await envelope(client, match_id, bob))["seat"] == 0
    summary = (await client.get(f"/api/v1/matches/{match_id}")).json()
    assert summary["options"]["tricks"] == 1
    # Answered: it leaves the open lists, and cannot be answered again.
    assert (await client.get(CHALLENGES, headers=ada.auth)).json()["outgoing"] == []
    again = await _answer(client, bob, challenge["id"], "accept")
    assert code(again) == (409, "challenge/closed")


async def test_decline_with_a_reason_and_cancel(client: httpx.AsyncClient) -> None:
    ada, bob = await _pair(client)
    first = (await _challenge(client, ada)).json()
    assert code(await _answer(client, ada, first["id"], "accept")) == (403, "challenge/not_yours")
    declined = await _answer(client, bob, first["id"], "decline", reason="Busy tonight")
    assert declined.json()["status"] == "declined"
    seen = (await client.get(f"{CHALLENGES}/{first['id']}", headers=ada.auth)).json()
    assert (seen["status"], seen["decline_reason"]) == ("declined", "Busy tonight")
    second = (await _challenge(client, ada)).json()
    assert code(await _answer(client, bob, second["id"], "cancel")) == (403, "challenge/not_yours")
    canceled = await _answer(client, ada, second["id"], "cancel")
    assert canceled.json()["status"] == "canceled"
    assert code(await _answer(client, bob, second["id"], "accept")) == (409, "challenge/closed")
    # Someone else's challenge does not exist for a third player.
    eve = await claimed(client, "Eve", "eve")
    assert code(await _answer(client, eve, first["id"], "decline")) == (404, "challenge/not_found")
    missing = await client.get(f"{CHALLENGES}/nope", headers=eve.auth)
    assert code(missing) == (404, "challenge/not_found")


async def test_an_unanswered_challenge_expires(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    ada, bob = await _pair(client)
    challenge = (await _challenge(client, ada)).json()
    # Expiry needs no timer, only the clock (app/challenges/models.py): the clock moves a day at
    # once, not a stop at each of the day's thousands of recovery passes and presence beats.
    await clock.advance(EXPIRES_AFTER.total_seconds())
    assert (await client.get(CHALLENGES, headers=bob.auth)).json()["incoming"] == []
    late = await _answer(client, bob, challenge["id"], "accept")
    assert code(late) == (409, "challenge/expired")
    seen = await client.get(f"{CHALLENGES}/{challenge['id']}", headers=ada.auth)
    assert seen.json()["status"] == "expired"


async def test_who_and_what_may_be_challenged(client: httpx.AsyncClient) -> None:
    ada, _bob = await _pair(client)
    guest = await new_player(client, "Gus")
    assert code(await _challenge(client, guest)) == (404, "account/not_found")
    assert code(await _challenge(client, ada, to="nobody")) == (404, "player/not_found")
    assert code(await _challenge(client, ada, to="ada")) == (422, "challenge/self")
    duet = await _challenge(client, ada, game="fox-in-the-forest-duet", rated=True)
    assert code(duet) == (422, "challenge/not_ratable")
    assert code(await _challenge(client, ada, game="chess")) == (422, "lobby/bad_options")
    bad = await _challenge(client, ada, options={"tricks": "many"})
    assert code(bad) == (422, "lobby/bad_options")
    assert code(await _challenge(client, ada, seat=2)) == (400, "request/malformed")
    rated = await _challenge(client, ada, rated=True)
    assert rated.status_code == 201 and rated.json()["rated"] is True


async def test_a_rated_challenge_moves_both_ratings(client: httpx.AsyncClient) -> None:
    ada, bob = await _pair(client)
    challenge = (await _challenge(client, ada, rated=True, options={"tricks": 1})).json()
    match_id = (await _answer(client, bob, challenge["id"], "accept")).json()["match_id"]
    final = await play_out(client, match_id, [ada, bob])
    (winner_seat,) = final["outcome"]["winners"]
    seated = {(await envelope(client, match_id, p))["seat"]: p for p in (ada, bob)}
    winner, loser = seated[winner_seat], seated[1 - winner_seat]
    won = (await client.get(f"/api/v1/players/{winner.id}")).json()
    lost = (await client.get(f"/api/v1/players/{loser.id}")).json()
    assert won["recent"][0]["rated"] and won["recent"][0]["rating_change"] > 0
    assert lost["recent"][0]["rating_change"] < 0


async def test_a_rated_challenge_keeps_people_and_bot_accounts_apart(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await _pair(client)
    assert (await client.post("/api/v1/players/me/bot", headers=bob.auth)).status_code == 200
    refused = await _challenge(client, ada, rated=True)
    assert code(refused) == (409, "lobby/rated_mixed")
    unrated = await _challenge(client, ada)  # an unrated game between them is fine
    assert unrated.status_code == 201
    accepted = await _answer(client, bob, unrated.json()["id"], "accept")
    assert accepted.status_code == 200, accepted.text

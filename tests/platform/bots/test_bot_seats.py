"""Bots act server side through the pipeline, from their seat's envelope alone."""

from __future__ import annotations

import json
from typing import Any

import httpx

from app.games import STRATEGIES
from app.matches.envelope import envelope
from tests.platform.helpers import new_player, start_match
from tests.timing import settle


async def test_a_bot_is_given_its_seats_envelope_and_nothing_else(
    client: httpx.AsyncClient,
) -> None:
    seen: list[tuple[Any, ...]] = []

    def spy(knowledge: Any, rng: Any) -> Any:
        seen.append((knowledge.view, list(knowledge.legal), knowledge.seat))
        return knowledge.legal[0]

    STRATEGIES["high-card"] = {"spy": spy}
    try:
        ada = await new_player(client, "Ada")
        match_id = await start_match(client, ada, [], bots={1: "spy"})
        app = client.app  # type: ignore[attr-defined]
        await settle(app)
        hand = (await client.get(f"/api/v1/matches/{match_id}/state", headers=ada.auth)).json()
        await client.post(
            f"/api/v1/matches/{match_id}/actions",
            headers=ada.auth,
            json={"action": hand["legal_actions"][0]},
        )
        await settle(app)
        view, legal, seat = seen[0]
        assert seat == 1
        # Exactly what a player in seat 1 is sent: no state, no other hand.
        loaded = app.state.context.matches.get(match_id)
        assert set(view) == set(envelope(loaded, 1, {})["view"])
        played = hand["legal_actions"][0]["card"]
        kept = [card for card in hand["view"]["hand"] if card != played]
        assert all(f'"{card}"' not in json.dumps(view) for card in kept)
        assert legal and all(action["type"] == "play" for action in legal)
    finally:
        del STRATEGIES["high-card"]


async def test_a_match_left_to_bots_plays_to_its_end(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    for player in (ada, bob):
        assert (
            await client.post(f"/api/v1/matches/{match_id}/leave", headers=player.auth)
        ).status_code == 200
    await settle(client.app)  # type: ignore[attr-defined]
    summary = (await client.get(f"/api/v1/matches/{match_id}")).json()
    assert summary["status"] == "finished"
    assert all(seat["away"] for seat in summary["seats"])

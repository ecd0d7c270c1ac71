"""Simultaneous decisions: in Oh, Fox!'s programming every player chooses a card at once, each
choice bumping the version. A player who read version 0 and chose had their still-valid card
refused as action/stale_version because another player had chosen first (and that choice is
hidden: reloading showed nothing new). Now the same decision still asked is accepted; a move
made on a version whose decision is gone is refused as before."""

from __future__ import annotations

from typing import Any

import httpx

from tests.platform.accounts.helpers import code
from tests.platform.helpers import Player, act, envelope, new_player, start_match


async def _first_legal(http: httpx.AsyncClient, match_id: str, player: Player) -> Any:
    state = await envelope(http, match_id, player)
    return state["legal_actions"][0]


async def test_a_choice_made_on_an_older_version_of_the_same_decision_is_accepted(
    client: httpx.AsyncClient,
) -> None:
    ada, bob, cy = [await new_player(client, name) for name in ("Ada", "Bob", "Cy")]
    match_id = await start_match(client, ada, [bob, cy], game="oh-fox")
    # All three read version 0 and choose; their choices arrive one after another.
    chosen = {p.name: await _first_legal(client, match_id, p) for p in (ada, bob, cy)}
    for player in (ada, bob, cy):
        response = await act(client, match_id, player, chosen[player.name], version=0)
        assert response.status_code == 200, response.text
    assert (await envelope(client, match_id, ada))["version"] == 3


async def test_a_move_on_a_version_whose_decision_is_gone_is_still_stale(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    opening = await _first_legal(client, match_id, ada)
    assert (await act(client, match_id, ada, opening, version=0)).status_code == 200
    # Bob was not asked anything at version 0: his move on it is stale.
    reply = await _first_legal(client, match_id, bob)
    assert code(await act(client, match_id, bob, reply, version=0)) == (
        409,
        "action/stale_version",
    )
    assert (await act(client, match_id, bob, reply, version=1)).status_code == 200
    # Whoever leads now acted since version 0 and 1: a new decision, not the one asked then.
    state = {p.name: await envelope(client, match_id, p) for p in (ada, bob)}
    leader = ada if state["Ada"]["legal_actions"] else bob
    lead = state[leader.name]["legal_actions"][0]
    for old in (0, 1):
        assert code(await act(client, match_id, leader, lead, version=old)) == (
            409,
            "action/stale_version",
        )

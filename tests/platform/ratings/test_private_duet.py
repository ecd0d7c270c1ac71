"""A rated Duet at a private table is unlisted like any private match: no pair record, no
leaderboard team and no recent match names it or the partner; it counts in the players' own
figures (played, won) like every finished match."""

from __future__ import annotations

from typing import Any

import httpx

from tests.platform.helpers import Player
from tests.platform.playout import open_table, play_out, players

DUET = "fox-in-the-forest-duet"


async def _duet(client: httpx.AsyncClient, pair: list[Player], private: bool, level: int) -> str:
    """A finished rated Duet of `pair` at `level`, at a private or public table."""
    host, guest = pair
    lobby = await open_table(client, host, DUET, 2, {"level": level}, rated=True, private=private)
    path = f"/api/v1/lobbies/{lobby['id']}"
    code = {"invite_code": lobby["invite_code"]} if private else {}
    assert (await client.post(f"{path}/join", headers=guest.auth, json=code)).status_code == 200
    assert (await client.post(f"{path}/ready", headers=guest.auth, json={})).status_code == 200
    started = await client.post(f"{path}/start", headers=host.auth)
    assert started.status_code == 200, started.text
    match_id = str(started.json()["match_id"])
    await play_out(client, match_id, pair, seed=f"duet-{private}")
    return match_id


async def _profile(client: httpx.AsyncClient, player: Player) -> dict[str, Any]:
    response = await client.get(f"/api/v1/players/{player.id}")
    assert response.status_code == 200, response.text
    return dict(response.json())


async def test_a_private_duet_names_neither_the_match_nor_the_partner(
    client: httpx.AsyncClient,
) -> None:
    pair = await players(client, "Ada", "Bob")
    match_id = await _duet(client, pair, private=True, level=2)
    board = (await client.get(f"/api/v1/games/{DUET}/leaderboard")).json()
    assert board["teams"] == [] and board["total"] == 0
    for player in pair:
        profile = await _profile(client, player)
        assert profile["team_records"] == []
        assert all(match["match_id"] != match_id for match in profile["recent"])
        assert match_id not in str(profile)
        duet = next(g for g in profile["games"] if g["game"] == DUET)
        assert duet["played"] == 1  # it still counts in the player's own figures
        # Played together: like a public Duet it moves no one's rating.
        assert duet["rating"] is None and duet["rated_matches"] == 0


async def test_a_pair_record_counts_only_its_public_duets(client: httpx.AsyncClient) -> None:
    pair = await players(client, "Ada", "Bob")
    public = await _duet(client, pair, private=False, level=1)
    await _duet(client, pair, private=True, level=2)
    (team,) = (await client.get(f"/api/v1/games/{DUET}/leaderboard")).json()["teams"]
    assert [level["level"] for level in team["levels"]] == [1]
    assert team["wins"] + team["losses"] == 1
    for player in pair:
        profile = await _profile(client, player)
        (record,) = profile["team_records"]
        assert [level["level"] for level in record["levels"]] == [1]
        assert [match["match_id"] for match in profile["recent"]] == [public]

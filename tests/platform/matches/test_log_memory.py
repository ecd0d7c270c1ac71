"""Memory rules over the log: entries of earlier tricks fade for everyone until the end.

The fake high-card game fades its "played" entries once a later trick is complete (option
`forget`), the way the trick-taking games do for "no player may look at previously won tricks".
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from tests.platform.helpers import Player, act, envelope, new_player, start_match


def _names(card: str, text: str) -> bool:
    """True if `text` names `card` itself (c-1 is not named by c-10)."""
    return re.search(re.escape(card) + r"(?!\d)", text) is not None


async def _play_one(client: httpx.AsyncClient, match_id: str, players: list[Player]) -> str:
    seen = await envelope(client, match_id, None)
    actor = players[seen["to_act"][0]]
    action = (await envelope(client, match_id, actor))["legal_actions"][0]
    response = await act(client, match_id, actor, action)
    assert response.status_code == 200, response.text
    return str(action["card"])


async def _log(client: httpx.AsyncClient, match_id: str, who: Player | None) -> dict[str, Any]:
    headers = who.auth if who else {}
    response = await client.get(f"/api/v1/matches/{match_id}/log", headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def test_cards_of_tricks_before_the_last_fade_for_every_viewer(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob], options={"forget": True, "tricks": 3})
    players = [ada, bob]
    first_trick = [await _play_one(client, match_id, players) for _ in range(2)]
    second_trick = [await _play_one(client, match_id, players) for _ in range(2)]
    for viewer in (ada, bob, None):
        log = await _log(client, match_id, viewer)
        assert log["forgotten_before"] == 2
        public = [e for e in log["entries"] if not e["private"]]
        faded = [e for e in public if e["faded"]]
        assert [e["text"] for e in faded] == ["Ada played a card.", "Bob played a card."] or [
            e["text"] for e in faded
        ] == ["Bob played a card.", "Ada played a card."]
        assert all(e["data"] == {} for e in faded)
        # The first trick's result has an empty faded form: it is left out, not shown empty.
        assert sum("wins the trick" in e["text"] for e in public) == 1
        readable = json.dumps([e for e in public if not e["faded"]])
        for card in second_trick:
            assert _names(card, readable)  # the last completed trick stays readable
        for card in first_trick:
            assert not _names(card, json.dumps(public))


async def test_the_whole_log_is_readable_again_after_the_end(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob], options={"forget": True, "tricks": 3})
    players = [ada, bob]
    played = [await _play_one(client, match_id, players) for _ in range(6)]
    log = await _log(client, match_id, None)
    assert log["forgotten_before"] == 0
    assert not any(e["faded"] for e in log["entries"])
    assert all(_names(card, json.dumps(log["entries"])) for card in played)


async def test_without_a_memory_rule_nothing_fades(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob], options={"tricks": 3})
    players = [ada, bob]
    played = [await _play_one(client, match_id, players) for _ in range(4)]
    log = await _log(client, match_id, bob)
    assert log["forgotten_before"] == 0 and not any(e["faded"] for e in log["entries"])
    assert all(_names(card, json.dumps(log["entries"])) for card in played)


async def test_forgotten_entries_read_as_one_block_that_tells_no_step(
    client: httpx.AsyncClient,
) -> None:
    """A seq per step would leave gaps where lines were left out (a gap after "X led a card"
    tells an ability): the forgotten part carries its last step's seq, no seat and no actor."""
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob], options={"forget": True, "tricks": 3})
    for _ in range(4):
        await _play_one(client, match_id, [ada, bob])
    public = [e for e in (await _log(client, match_id, bob))["entries"] if not e["private"]]
    block = [e for e in public if e["faded"]]
    assert {(e["seq"], e["seat"], e["actor"], e["at"]) for e in block} == {
        (2, None, "forgotten", block[0]["at"])
    }
    rest = [e for e in public if not e["faded"]]
    assert public == block + rest and all(e["seq"] > 2 for e in rest)
    # Paging on from the block's seq reads exactly what follows it.
    response = await client.get(f"/api/v1/matches/{match_id}/log?after=2", headers=bob.auth)
    assert [e for e in response.json()["entries"] if not e["private"]] == rest

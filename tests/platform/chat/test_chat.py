"""Match chat: stored, readable by the table, refused where the rules forbid table talk."""

from __future__ import annotations

import httpx

from tests.platform.helpers import new_player, start_match


async def test_players_chat_and_everyone_at_the_table_reads_it(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    url = f"/api/v1/matches/{match_id}/chat"
    sent = await client.post(url, headers=ada.auth, json={"text": "  good   luck!  "})
    assert sent.status_code == 201
    assert (sent.json()["text"], sent.json()["name"], sent.json()["seat"]) == (
        "good luck!",
        "Ada",
        0,
    )
    reaction = await client.post(url, headers=bob.auth, json={"reaction": "nice"})
    assert reaction.json()["text"] == "Nice!"
    log = (await client.get(url)).json()
    assert [m["text"] for m in log["messages"]] == ["good luck!", "Nice!"]
    assert log["free_chat"] is True and "good_luck" in log["reactions"]
    later = (await client.get(url + f"?after={log['messages'][0]['seq']}")).json()
    assert [m["text"] for m in later["messages"]] == ["Nice!"]


async def test_chat_refusals(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    eve = await new_player(client, "Eve")
    match_id = await start_match(client, ada, [bob])
    url = f"/api/v1/matches/{match_id}/chat"
    outsider = await client.post(url, headers=eve.auth, json={"text": "hi"})
    assert outsider.status_code == 403
    for body in [{}, {"text": ""}, {"text": "x" * 301}, {"text": "a", "reaction": "nice"}]:
        assert (await client.post(url, headers=ada.auth, json=body)).status_code == 400, body
    unknown = await client.post(url, headers=ada.auth, json={"reaction": "boo"})
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (422, "chat/not_allowed")
    codes = [
        (await client.post(url, headers=ada.auth, json={"text": f"m{i}"})).status_code
        for i in range(8)
    ]
    assert 429 in codes  # a flood is cut off


async def test_duet_allows_only_preset_reactions(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob], game="fox-in-the-forest-duet")
    url = f"/api/v1/matches/{match_id}/chat"
    text = await client.post(url, headers=ada.auth, json={"text": "play your 5!"})
    assert (text.status_code, text.json()["error"]["code"]) == (422, "chat/not_allowed")
    assert (await client.post(url, headers=ada.auth, json={"reaction": "oops"})).status_code == 201
    assert (await client.get(url)).json()["free_chat"] is False


async def test_table_notices_are_told_apart_from_what_players_say(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    url = f"/api/v1/matches/{match_id}/chat"
    await client.post(
        url, headers=bob.auth, json={"text": "left the table: a bot plays on for them."}
    )
    await client.post(f"/api/v1/matches/{match_id}/leave", headers=bob.auth)
    await client.post(f"/api/v1/matches/{match_id}/reclaim", headers=bob.auth)
    messages = (await client.get(url)).json()["messages"]
    # Bob typing the notice's words is still Bob talking; the table's notices are whole sentences.
    assert [(m["kind"], m["text"]) for m in messages] == [
        ("player", "left the table: a bot plays on for them."),
        ("notice", "Bob left the table: a bot plays on for them."),
        ("notice", "Bob is back."),
    ]
    assert all(m["seat"] == 1 and m["name"] == "Bob" for m in messages)

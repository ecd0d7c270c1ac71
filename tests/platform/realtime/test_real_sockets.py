"""End to end over real sockets against running uvicorn processes."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets

from tests.platform.client import ApiClient, MatchSocket, open_table
from tests.servers import running, sqlite_env

pytestmark = pytest.mark.slow


async def _play_over_sockets(
    base: str, ws_base: str, players: list[ApiClient], match_id: str
) -> dict:  # type: ignore[type-arg]
    sockets = [await MatchSocket.open(ws_base, match_id, p.token) for p in players]
    watcher = await MatchSocket.open(ws_base, match_id, None)
    try:
        for _ in range(500):
            current = max((s.envelope for s in sockets), key=lambda e: e["version"])
            if current["status"] != "active":
                break
            seat = current["to_act"][0]
            mine = await sockets[seat].until_version(current["version"])
            await sockets[seat].send(
                {
                    "type": "act",
                    "action": mine["legal_actions"][0],
                    "version": mine["version"],
                    "id": f"a{mine['version']}",
                }
            )
            for socket in sockets:  # every seat is pushed the change
                await socket.until_version(current["version"] + 1)
        final = await watcher.until_version(sockets[0].envelope["version"])
        for socket in sockets:
            hand = socket.envelope["view"]["hand"]
            assert socket.envelope["status"] == "finished"
            assert not set(hand)  # all played
        assert all(frame["type"] == "envelope" for frame in watcher.frames)
        for frame in watcher.frames[:-1]:
            assert frame["view"]["hand"] == [] and frame["legal_actions"] == []
        return final
    finally:
        for socket in [*sockets, watcher]:
            await socket.close()


async def test_a_whole_match_over_websockets_with_a_spectator(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = sqlite_env(tmp_path, "ws.db")
    with running(env) as server:
        ada = await ApiClient.register(server.url, "Ada")
        bob = await ApiClient.register(server.url, "Bob")
        match_id = await open_table(ada, [bob], "high-card")
        final = await _play_over_sockets(server.url, server.ws_url, [ada, bob], match_id)
        assert final["outcome"]["reason"] == "most_tricks"


async def test_socket_errors_pings_and_refusals(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = sqlite_env(tmp_path, "e.db")
    with running(env) as server:
        ada = await ApiClient.register(server.url, "Ada")
        bob = await ApiClient.register(server.url, "Bob")
        match_id = await open_table(ada, [bob], "high-card")
        socket = await MatchSocket.open(server.ws_url, match_id, bob.token)
        await socket.send({"type": "ping"})
        assert (await socket.receive())["type"] == "pong"
        await socket.connection.send("{nope")
        assert (await socket.receive())["code"] == "request/malformed"
        await socket.send({"type": "act", "action": {"type": "play", "card": "c-1"}, "id": "x1"})
        refused = await socket.receive()
        assert (refused["type"], refused["code"], refused["id"]) == (
            "error",
            "action/not_your_turn",
            "x1",
        )
        await socket.send({"type": "act", "action": {"type": "play"}, "version": 3, "id": "x2"})
        assert (await socket.receive())["code"] == "action/stale_version"
        await socket.send({"type": "ping"})  # still open after every refusal
        assert (await socket.receive())["type"] == "pong"
        await socket.connection.send("x" * 70_000)
        with pytest.raises(Exception):  # noqa: B017 - the server closes an oversize socket
            for _ in range(3):
                await socket.receive(timeout=5)
        # A forged token is refused with a code, and the socket closes.
        async with websockets.connect(f"{server.ws_url}/api/v1/matches/{match_id}/ws") as forged:
            await forged.send(json.dumps({"type": "hello", "token": "forged", "version": None}))
            refusal = json.loads(await asyncio.wait_for(forged.recv(), 10))
            assert (refusal["type"], refusal["code"]) == ("error", "auth/invalid")
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(forged.recv(), 10)


async def test_the_event_stream_pushes_envelopes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = sqlite_env(tmp_path, "s.db")
    with running(env) as server:
        ada = await ApiClient.register(server.url, "Ada")
        bob = await ApiClient.register(server.url, "Bob")
        match_id = await open_table(ada, [bob], "high-card")
        events: list[dict] = []  # type: ignore[type-arg]

        async def listen() -> None:
            url = f"{server.url}/api/v1/matches/{match_id}/stream"
            async with (
                httpx.AsyncClient(timeout=20) as http,
                http.stream("GET", url, headers=bob.headers) as response,
            ):
                assert response.headers["content-type"].startswith("text/event-stream")
                async for line in response.aiter_lines():
                    if line.startswith("data: "):
                        events.append(json.loads(line[6:]))
                        if events[-1]["version"] == 1:
                            return

        listener = asyncio.create_task(listen())
        while not events:
            await asyncio.sleep(0.05)
        hand = (await ada.ok("GET", f"/api/v1/matches/{match_id}/state"))["view"]["hand"]
        await ada.ok(
            "POST",
            f"/api/v1/matches/{match_id}/actions",
            {"action": {"type": "play", "card": hand[0]}},
        )
        await asyncio.wait_for(listener, 10)
        # Version 0 at once (and again when presence changes), then version 1.
        assert events[0]["version"] == 0 and events[-1]["version"] == 1
        assert events[-1]["seat"] == 1 and events[-1]["to_act"] == [1]
        assert events[-1]["seats"][1]["connected"] is True
        assert not set(hand[1:]) & set(json.dumps(events))


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_match_survives_a_server_restart(backend: str, tmp_path, request) -> None:  # type: ignore[no-untyped-def]
    url = (
        f"sqlite+aiosqlite:///{tmp_path / 'r.db'}"
        if backend == "sqlite"
        else request.getfixturevalue("postgres_base_url")
    )
    env = {"FOXDEN_DATABASE_URL": url, "FOXDEN_AUTO_MIGRATE": "true"}
    with running(env) as first:
        ada = await ApiClient.register(first.url, "Ada")
        bob = await ApiClient.register(first.url, "Bob")
        match_id = await open_table(ada, [bob], "high-card", {"tricks": 3})
        players = [ada, bob]
        for _ in range(3):
            seen = await ada.ok("GET", f"/api/v1/matches/{match_id}/state")
            actor = players[seen["to_act"][0]]
            mine = await actor.ok("GET", f"/api/v1/matches/{match_id}/state")
            await actor.ok(
                "POST",
                f"/api/v1/matches/{match_id}/actions",
                {"action": mine["legal_actions"][0], "version": mine["version"]},
            )
        before = await bob.ok("GET", f"/api/v1/matches/{match_id}/state")
    with running(env) as second:
        for player in players:
            player.base = second.url
        after = await bob.ok("GET", f"/api/v1/matches/{match_id}/state")
        assert after == before
        final = await _play_over_sockets(second.url, second.ws_url, players, match_id)
        assert final["status"] == "finished" and final["version"] == 6


async def test_two_processes_on_postgres_and_redis_share_a_match(
    postgres_base_url: str, redis_url: str
) -> None:
    env = {"FOXDEN_DATABASE_URL": postgres_base_url, "FOXDEN_REDIS_URL": redis_url}
    with running(env) as one, running(env) as two:
        ada = await ApiClient.register(one.url, "Ada")
        bob = await ApiClient.register(one.url, "Bob")
        match_id = await open_table(ada, [bob], "high-card")
        watching = await MatchSocket.open(one.ws_url, match_id, bob.token)
        ada.base = two.url  # Ada acts through the other process
        hand = (await ada.ok("GET", f"/api/v1/matches/{match_id}/state"))["view"]["hand"]
        await ada.ok(
            "POST",
            f"/api/v1/matches/{match_id}/actions",
            {"action": {"type": "play", "card": hand[0]}, "version": 0},
        )
        pushed = await watching.until_version(1)
        assert pushed["to_act"] == [1] and pushed["legal_actions"]
        assert not set(hand) & set(json.dumps(pushed["view"]["hand"]))
        await watching.close()


async def test_chat_is_pushed_over_the_match_socket(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = sqlite_env(tmp_path, "c.db")
    with running(env) as server:
        ada = await ApiClient.register(server.url, "Ada")
        bob = await ApiClient.register(server.url, "Bob")
        match_id = await open_table(ada, [bob], "high-card")
        socket = await MatchSocket.open(server.ws_url, match_id, bob.token)
        await ada.ok("POST", f"/api/v1/matches/{match_id}/chat", {"text": "hello Bob"})
        frame = await socket.receive()
        while frame["type"] != "chat":
            frame = await socket.receive()
        assert (frame["text"], frame["name"], frame["seat"]) == ("hello Bob", "Ada", 0)
        for path in ("/", f"/match/{match_id}", "/admin"):
            async with httpx.AsyncClient(base_url=server.url) as http:
                page = await http.get(path, follow_redirects=True)
            assert page.status_code == 200, path
        await socket.close()

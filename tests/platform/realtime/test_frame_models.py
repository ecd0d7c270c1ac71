"""Client frames are read through their models (app/realtime/frame_models.py): the socket
refuses exactly what the REST route refuses, with the same code, and stays open.

A bot author who sends a move over the socket that REST would refuse must not see it applied
(a NUL in an action id cannot even be stored), and a hello with a string version must be
told what is wrong rather than be read as something else.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from tests.platform.helpers import act, envelope
from tests.platform.realtime.test_websockets import (  # noqa: F401 (fixtures)
    InProcessSocket,
    app,
    http,
    match_socket,
    new_match,
    open_socket,
)

# Each refused over REST (400 request/malformed) and over the socket (an error frame).
BAD_ACTS: dict[str, dict[str, Any]] = {
    "a NUL in the id": {"id": "c-\x001"},
    "an empty id": {"id": ""},
    "an id over 64 characters": {"id": "c" * 65},
    "a string version": {"version": "3"},
    "a negative version": {"version": -1},
    "a boolean version": {"version": True},
    "an action that is not an object": {"action": "play"},
    "an unknown field": {"hurry": True},
}


@pytest.mark.parametrize("bad", list(BAD_ACTS))
async def test_the_socket_refuses_the_acts_rest_refuses(
    app: FastAPI,  # noqa: F811
    http: httpx.AsyncClient,  # noqa: F811
    bad: str,
) -> None:
    ada, _bob, match_id = await new_match(http)
    first = await envelope(http, match_id, ada)
    move = {"action": first["legal_actions"][0], "version": first["version"], **BAD_ACTS[bad]}
    over_rest = await http.post(f"/api/v1/matches/{match_id}/actions", headers=ada.auth, json=move)
    assert over_rest.status_code == 400, over_rest.text
    assert over_rest.json()["error"]["code"] == "request/malformed"

    socket = await match_socket(app, match_id, ada)
    await socket.until("envelope")
    socket.send({"type": "act", **move})
    refusal = await socket.until("error")
    assert refusal["code"] == "request/malformed"
    assert refusal["message"].endswith(".") and "act frame" in refusal["message"]
    assert refusal["id"] == (move["id"] if isinstance(move.get("id"), str) else None)
    # Not applied, and the socket goes on: the same move, well formed, is played.
    assert (await envelope(http, match_id, ada))["version"] == first["version"]
    socket.send({"type": "act", "action": first["legal_actions"][0], "version": first["version"]})
    assert (await socket.until("envelope"))["version"] == first["version"] + 1
    await socket.close()


async def test_a_hello_with_a_string_version_is_refused_and_a_good_one_still_served(
    app: FastAPI,  # noqa: F811
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    ada, _bob, match_id = await new_match(http)
    socket = await InProcessSocket.open(app, f"/api/v1/matches/{match_id}/ws")
    socket.send({"type": "hello", "token": ada.token, "version": "7"})
    refusal = await socket.receive()
    assert refusal["type"] == "error" and refusal["code"] == "request/malformed"
    assert "version" in refusal["message"] and "hello" in refusal["message"]
    socket.send({"type": "hello", "token": ada.token, "version": None, "client": "my-bot/1.0"})
    assert (await socket.until("envelope"))["seat"] == 0  # unknown hello fields are ignored
    socket.send({"type": "hello", "token": ada.token, "version": "7"})  # a resync, malformed
    assert (await socket.until("error"))["code"] == "request/malformed"
    await socket.close()


async def test_a_hello_saying_none_yet_with_minus_one_is_served(
    app: FastAPI,  # noqa: F811
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    """Clients said "no version seen yet" with -1 before the frames were typed; they still may."""
    ada, _bob, match_id = await new_match(http)
    socket = await InProcessSocket.open(app, f"/api/v1/matches/{match_id}/ws")
    socket.send({"type": "hello", "token": ada.token, "version": -1})
    assert (await socket.until("envelope"))["seat"] == 0
    await socket.close()


@pytest.mark.parametrize("token", [7, ["x"], "tok\x00en"])
async def test_a_lobby_hello_with_a_token_that_is_no_text_is_malformed(
    app: FastAPI,  # noqa: F811
    http: httpx.AsyncClient,  # noqa: F811
    token: object,
) -> None:
    socket = await open_socket(app, http, "lobby")
    socket.send({"type": "hello", "token": token})
    refusal = await socket.until("error")
    assert refusal["code"] == "request/malformed" and "token" in refusal["message"]
    socket.send({"type": "ping"})
    assert (await socket.until("pong"))["type"] == "pong"
    await socket.close()


@pytest.mark.parametrize("kind", ["match", "lobby"])
async def test_an_unknown_frame_type_is_named_in_its_refusal(
    app: FastAPI,  # noqa: F811
    http: httpx.AsyncClient,  # noqa: F811
    kind: str,
) -> None:
    socket = await open_socket(app, http, kind)
    socket.send({"type": "act" if kind == "lobby" else "chat", "text": "hi"})
    refusal = await socket.until("error")
    assert refusal["code"] == "request/malformed" and "Unknown frame type" in refusal["message"]
    await socket.close()


async def test_an_oversize_act_closes_the_socket_with_1009_and_plays_nothing(
    app: FastAPI,  # noqa: F811
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    ada, _bob, match_id = await new_match(http)
    first = await envelope(http, match_id, ada)
    socket = await match_socket(app, match_id, ada)
    await socket.until("envelope")
    padded = {**first["legal_actions"][0], "padding": "x" * 70_000}
    socket.send_text(json.dumps({"type": "act", "action": padded, "version": first["version"]}))
    assert (await socket.until("error"))["code"] == "request/too_large"
    assert await socket.closed_code() == 1009
    assert (await envelope(http, match_id, ada))["version"] == first["version"]
    assert (await act(http, match_id, ada, first["legal_actions"][0])).status_code == 200

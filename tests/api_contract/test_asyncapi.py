"""/asyncapi.json describes the sockets and the event stream for third parties, and passes
the AsyncAPI parser (@asyncapi/parser, pinned in package.json) with no error or warning.

A bot author generates or writes a socket client from it: every frame both ways (chat too),
the close codes the server really uses, and that an event's `id` is the match version.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.realtime.frames import POLICY_VIOLATION, SERVICE_RESTART, TOO_BIG, TRY_AGAIN_LATER
from app.realtime.lobby_ws import LobbySocket
from app.realtime.match_end import NORMAL_CLOSURE
from app.realtime.match_ws import MatchSocket
from app.realtime.signouts import SIGNED_OUT
from app.server.main import create_app
from tests.api_contract.tools import npm_bin, run

CHECK = Path(__file__).with_name("asyncapi_check.cjs")
USED_CLOSE_CODES = {
    NORMAL_CLOSURE,
    POLICY_VIOLATION,
    TOO_BIG,
    SERVICE_RESTART,
    TRY_AGAIN_LATER,
    SIGNED_OUT,
}


async def served_document() -> dict[str, Any]:
    """The document as a client fetches it, beside /openapi.json."""
    transport = httpx.ASGITransport(app=create_app())
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        answer = await client.get("/asyncapi.json")
        assert (await client.get("/openapi.json")).status_code == 200
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    document: dict[str, Any] = answer.json()
    return document


def _received(document: dict[str, Any], channel: str, action: str) -> set[str]:
    """The `type` of every frame of `channel` the server sends or receives (`action`)."""
    kinds = set()
    for operation in document["operations"].values():
        if (
            operation["channel"]["$ref"] == f"#/channels/{channel}"
            and operation["action"] == action
        ):
            for message in operation["messages"]:
                kinds.add(message["$ref"].rsplit("/", 1)[1])
    return kinds


async def test_the_asyncapi_document_passes_the_asyncapi_parser(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed for the contract checks (Node.js 20 or later)")
    path = tmp_path / "asyncapi.json"
    path.write_text(json.dumps(await served_document()))
    modules = npm_bin().parent
    result = run(["env", f"NODE_PATH={modules}", node, str(CHECK), str(path)])
    assert result.returncode == 0, result.stdout
    diagnostics = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert [d for d in diagnostics if d.get("severity") in (0, 1)] == [], result.stdout
    assert {"channels": 3, "messages": 13} in diagnostics


async def test_every_frame_both_ways_and_every_close_code_is_documented() -> None:
    document = await served_document()
    assert document["asyncapi"].startswith("3.")
    addresses = {name: channel["address"] for name, channel in document["channels"].items()}
    assert addresses == {
        "matchSocket": "/api/v1/matches/{match_id}/ws",
        "lobbySocket": "/api/v1/lobbies/{lobby_id}/ws",
        "matchStream": "/api/v1/matches/{match_id}/stream",
    }
    # What the sockets read is what the document says they receive, no more, no less.
    assert _received(document, "matchSocket", "receive") == set(MatchSocket.FRAMES)
    assert _received(document, "lobbySocket", "receive") == set(LobbySocket.FRAMES)
    assert _received(document, "matchSocket", "send") == {
        "envelope",
        "chat",
        "error",
        "pong",
        "end",
    }
    assert _received(document, "lobbySocket", "send") == {"lobby", "error", "pong"}
    assert _received(document, "matchStream", "send") == {"envelope", "end", "signed_out"}

    assert {row["code"] for row in document["x-close-codes"]} == USED_CLOSE_CODES
    for code in USED_CLOSE_CODES:
        assert f"- {code}: " in document["channels"]["matchSocket"]["description"]

    envelope_event = document["components"]["messages"]["EnvelopeEvent"]
    event_id = envelope_event["headers"]["properties"]["id"]
    assert event_id["type"] == "integer" and "match version" in event_id["description"]
    assert "match version" in document["channels"]["matchStream"]["description"]
    # The game types are the OpenAPI document's: an act's action is any game's action.
    schemas = document["components"]["schemas"]
    assert schemas["ActFrame"]["properties"]["action"]["anyOf"]
    assert {"$ref": "#/components/schemas/Envelope"} in schemas["EnvelopeFrame"]["allOf"]
    assert schemas["Envelope"]["discriminator"] == "game"

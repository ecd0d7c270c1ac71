"""GET /asyncapi.json: the sockets and the event stream as an AsyncAPI 3 document.

What /openapi.json is for the HTTP routes, this is for the match socket, the lobby socket and
the match's event stream: every frame both ways, generated from the frame models
(app/realtime/frame_models.py), the close codes, and that an event's `id` is the match version.
The document describes the Foxden server: it *receives* the frames clients send and *sends*
the rest. The game types (each game's envelope, view and actions) are the OpenAPI document's
own components, copied in, so both documents type a move and an envelope the same way.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from app.realtime import frame_models as frames
from app.realtime.frames import POLICY_VIOLATION, SERVICE_RESTART, TOO_BIG, TRY_AGAIN_LATER
from app.realtime.match_end import NORMAL_CLOSURE
from app.realtime.signouts import SIGNED_OUT

router = APIRouter(include_in_schema=False)
SCHEMAS = "#/components/schemas/"

CLOSE_CODES: list[dict[str, Any]] = [
    {
        "code": NORMAL_CLOSURE,
        "when": "Match socket: the match is over; the `end` frame came just before.",
        "client": "Do not reconnect.",
    },
    {
        "code": POLICY_VIOLATION,
        "when": "After an `error` frame: a refused hello (`auth/invalid`, a private match, "
        "`match/not_found`, `lobby/not_found`), no hello in time (`request/timeout`), or a "
        "flood (`rate/limited`).",
        "client": "Fix the hello, or wait a few seconds, then reconnect.",
    },
    {
        "code": TOO_BIG,
        "when": "After a `request/too_large` error: a frame over FOXDEN_MAX_BODY_BYTES.",
        "client": "Send smaller frames.",
    },
    {
        "code": SERVICE_RESTART,
        "when": "The server process is stopping; the frame it was handling was answered first.",
        "client": "Reconnect at once (100-500 ms of jitter) and hello with your last version; "
        "an unanswered `act` may be sent again with the same `id`.",
    },
    {
        "code": TRY_AGAIN_LATER,
        "when": "After a `rate/too_many_sockets` error, or when the database or the broker is "
        "out of reach.",
        "client": "Close another socket, or back off and retry.",
    },
    {
        "code": SIGNED_OUT,
        "when": "After an `auth/revoked` error: the token the socket was opened with was revoked.",
        "client": "Do not reconnect with that token: sign in again.",
    },
]


def _close_codes_text() -> str:
    rows = [f"- {row['code']}: {row['when']} {row['client']}" for row in CLOSE_CODES]
    return "Close codes:\n" + "\n".join(rows)


def asyncapi_document(openapi: dict[str, Any], version: str) -> dict[str, Any]:
    schemas = _schemas(openapi)
    messages = _messages()
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Foxden sockets and event streams",
            "version": version,
            "description": __doc__.split("\n\n", 1)[1].strip(),
        },
        "defaultContentType": "application/json",
        "servers": {
            "socket": _server("ws", "The match and lobby WebSockets (wss behind TLS)"),
            "http": _server("http", "The match's event stream (https behind TLS)"),
        },
        "channels": _channels(),
        "operations": _operations(),
        "components": {"schemas": schemas, "messages": messages},
        "x-close-codes": CLOSE_CODES,
    }


def _server(protocol: str, description: str) -> dict[str, Any]:
    return {
        "host": "{host}",
        "protocol": protocol,
        "description": description,
        "variables": {"host": {"default": "localhost:8000", "description": "host:port"}},
    }


# (channel, message name in the channel, component message, the server's action)
MATCH_SOCKET = [
    ("hello", "Hello", "receive"),
    ("act", "Act", "receive"),
    ("ping", "Ping", "receive"),
    ("envelope", "EnvelopeFrame", "send"),
    ("chat", "Chat", "send"),
    ("error", "Error", "send"),
    ("pong", "Pong", "send"),
    ("end", "End", "send"),
]
LOBBY_SOCKET = [
    ("hello", "LobbyHello", "receive"),
    ("ping", "Ping", "receive"),
    ("lobby", "Lobby", "send"),
    ("error", "Error", "send"),
    ("pong", "Pong", "send"),
]
MATCH_STREAM = [
    ("envelope", "EnvelopeEvent", "send"),
    ("end", "EndEvent", "send"),
    ("signed_out", "SignedOutEvent", "send"),
]
CHANNELS: dict[str, tuple[str, list[tuple[str, str, str]], str, str]] = {
    "matchSocket": (
        "/api/v1/matches/{match_id}/ws",
        MATCH_SOCKET,
        "socket",
        "Say hello first (no token: a spectator); then envelopes come at once and after every "
        "change this viewer can see, versions only increasing. Once the match is over the final "
        "envelope is followed by `end` and a close with 1000. Frames are text frames of one JSON "
        "object with a string `type`, at most FOXDEN_MAX_BODY_BYTES (64 KiB), nested at most 32 "
        "deep; a malformed one gets an `error` (request/malformed) and the socket stays open. ",
    ),
    "lobbySocket": (
        "/api/v1/lobbies/{lobby_id}/ws",
        LOBBY_SOCKET,
        "socket",
        "Say hello with your token (members also get the invite code); the lobby is pushed "
        "after it and on every change. Frames as on the match socket. ",
    ),
    "matchStream": (
        "/api/v1/matches/{match_id}/stream",
        MATCH_STREAM,
        "http",
        "Server-sent events (GET, text/event-stream, the bearer token optional): an `envelope` "
        "event at once and after every change this viewer can see; each event's `id` is the "
        "match version (send it back as Last-Event-ID). A comment line every 15 s keeps it "
        "alive. It ends with `end` after the final envelope (close your EventSource then, or "
        "it reconnects to the same ending), with `signed_out` when its token is revoked, or "
        "with `retry: 500` when the server process stops (reconnect). ",
    ),
}


def _channels() -> dict[str, Any]:
    channels: dict[str, Any] = {}
    for name, (address, messages, server, text) in CHANNELS.items():
        parameter = address.split("{")[1].split("}")[0]
        closes = "" if server == "http" else _close_codes_text()
        channels[name] = {
            "address": address,
            "title": name,
            "description": text + closes,
            "servers": [{"$ref": f"#/servers/{server}"}],
            "parameters": {parameter: {"description": f"The {parameter.split('_')[0]}'s id"}},
            "messages": {key: {"$ref": f"#/components/messages/{msg}"} for key, msg, _ in messages},
        }
    return channels


def _operations() -> dict[str, Any]:
    operations: dict[str, Any] = {}
    for name, (_address, messages, _server, _text) in CHANNELS.items():
        for key, _msg, action in messages:
            operation = f"{action}{name[0].upper()}{name[1:]}{key.title().replace('_', '')}"
            operations[operation] = {
                "action": action,
                "channel": {"$ref": f"#/channels/{name}"},
                "messages": [{"$ref": f"#/channels/{name}/messages/{key}"}],
            }
    return operations


def _message(name: str, schema: str, summary: str, **more: Any) -> dict[str, Any]:
    payload = {"$ref": SCHEMAS + schema}
    return {"name": name, "title": name, "summary": summary, "payload": payload, **more}


def _event_headers(event: str, id_text: str | None) -> dict[str, Any]:
    """The SSE fields of an event besides its data (the payload)."""
    properties: dict[str, Any] = {"event": {"type": "string", "const": event}}
    required = ["event"]
    if id_text is not None:
        properties["id"] = {"type": "integer", "minimum": 0, "description": id_text}
        required.append("id")
    return {"type": "object", "properties": properties, "required": required}


def _messages() -> dict[str, Any]:
    version_id = "The match version: the version of the envelope, or the final one"
    return {
        "Hello": _message("hello", "HelloFrame", "Who is watching; a later one: resync"),
        "LobbyHello": _message("hello", "HelloFrame", "Who is watching (version is not read)"),
        "Act": _message("act", "ActFrame", "A move, as POST .../actions takes it"),
        "Ping": _message("ping", "PingFrame", "Answered with pong"),
        "Pong": _message("pong", "PongFrame", "The answer to ping"),
        "EnvelopeFrame": _message("envelope", "EnvelopeFrame", "The match, for this viewer"),
        "Chat": _message("chat", "ChatFrame", "A new chat message at the table"),
        "Error": _message("error", "ErrorFrame", "A frame refused; a close may follow"),
        "End": _message("end", "EndFrame", "The match is over; a close with 1000 follows"),
        "Lobby": _message("lobby", "LobbyFrame", "The table, for this viewer"),
        "EnvelopeEvent": _message(
            "envelope",
            "Envelope",
            "event: envelope; id: the match version; data: the Envelope",
            headers=_event_headers("envelope", "The match version of this envelope"),
        ),
        "EndEvent": _message(
            "end",
            "EndFrame",
            "event: end; id: the final version; data: as the socket's end frame. Last event.",
            headers=_event_headers("end", version_id),
        ),
        "SignedOutEvent": _message(
            "signed_out",
            "SignedOutEvent",
            "event: signed_out: the token was revoked. Last event.",
            headers=_event_headers("signed_out", None),
        ),
    }


def _schemas(openapi: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI components (the game types) in AsyncAPI's schema dialect, and the frames."""
    schemas: dict[str, Any] = copy.deepcopy(openapi["components"]["schemas"])
    _asyncapi_dialect(schemas)
    for model in frames.ALL_FRAMES:
        _add_model(schemas, model)
    # Frames that are a documented object plus `type`: that object's typed component.
    for frame, base in (
        ("EnvelopeFrame", "Envelope"),
        ("ChatFrame", "ChatMessagePublic"),
        ("LobbyFrame", "LobbyPublic"),
    ):
        schemas[frame] = _with_type(schemas[frame], base)
    # An act's action is any game's action, as the REST ActionRequest types it.
    schemas["ActFrame"]["properties"]["action"] = schemas["ActionRequest"]["properties"]["action"]
    return schemas


def _add_model(schemas: dict[str, Any], model: type[BaseModel]) -> None:
    sent_by_clients = issubclass(model, frames.ClientFrame | frames.ActFrame)
    mode: Literal["validation", "serialization"] = (
        "validation" if sent_by_clients else "serialization"
    )
    schema = model.model_json_schema(ref_template=SCHEMAS + "{model}", mode=mode)
    for name, definition in schema.pop("$defs", {}).items():
        schemas.setdefault(name, definition)  # the OpenAPI component, typed per game, wins
    schemas[model.__name__] = schema


def _with_type(frame: dict[str, Any], base: str) -> dict[str, Any]:
    kind = frame["properties"]["type"]
    return {
        "title": frame["title"],
        "description": frame.get("description", ""),
        "allOf": [
            {"$ref": SCHEMAS + base},
            {"type": "object", "properties": {"type": kind}, "required": ["type"]},
        ],
    }


def _asyncapi_dialect(value: Any) -> None:
    """AsyncAPI's schema object names the discriminating property with a string, where
    OpenAPI has an object (`propertyName` and a `mapping`)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "discriminator" and isinstance(item, dict):
                value[key] = item["propertyName"]
            else:
                _asyncapi_dialect(item)
    elif isinstance(value, list):
        for item in value:
            _asyncapi_dialect(item)


@router.get("/asyncapi.json")
async def asyncapi_json(request: Request) -> JSONResponse:
    app = request.app
    cached = getattr(app.state, "asyncapi", None)
    if cached is None:
        cached = app.state.asyncapi = asyncapi_document(app.openapi(), app.version)
    return JSONResponse(cached)

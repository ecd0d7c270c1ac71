"""Every frame of the match and lobby sockets and every event of the match stream, typed.

Client frames are read through these models (`read_frame`), so a socket refuses exactly what
the models say, and the same models generate the AsyncAPI document (app/realtime/asyncapi.py):
what is documented is what is read. `act` is the REST `ActionRequest` with a `type`, so a move
refused over REST (a NUL in its id, an unknown field, a version out of range) is refused over
the socket too. `hello` and `ping` ignore fields they do not know, as they always did: a
third-party client that sends more (its name, say) keeps working.

Server frames are sent by the sockets' fast paths (an envelope is encoded once per version and
viewer, app/realtime/envelopes.py); their models here describe those bytes and are held to
them by tests/api_contract/test_recorded_frames.py.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from app.chat.schemas import ChatMessagePublic
from app.core.errors import ApiError
from app.core.inputs import SEQ_MAX, PlainText
from app.lobby.schemas import LobbyPublic
from app.matches.schemas import ActionRequest, Envelope


class ClientFrame(BaseModel):
    """A frame a client sends: values are strictly typed (a string where a number belongs is
    refused); fields it does not know are ignored."""

    model_config = ConfigDict(strict=True, extra="ignore")


class HelloFrame(ClientFrame):
    """Who is watching: on the match socket the first frame (a later one asks for a resync);
    on the lobby socket it names the viewer (members also see the invite code)."""

    type: Literal["hello"]
    token: PlainText | None = Field(None, description="Your token; none or null: a spectator")
    # Any integer, as before the frames were typed: clients (ours among them) say "none yet"
    # with -1 as well as with null, and a hello refused would leave them waiting for ever.
    version: int | None = Field(
        None,
        le=SEQ_MAX,
        description="Match socket: the last match version this client saw (null or a negative "
        "number: none yet)",
    )


class PingFrame(ClientFrame):
    """Answered with a `pong` frame."""

    type: Literal["ping"]


class ActFrame(ActionRequest):
    """A move, as `POST /api/v1/matches/{id}/actions` takes it, with `"type": "act"`; the new
    envelope answers it, a refusal an `error` frame carrying the same `id`."""

    type: Literal["act"]


class ServerFrame(BaseModel):
    """A frame the server sends."""


class EnvelopeFrame(Envelope):
    """The match as this socket's viewer may see it: at once after the hello, after every
    change the viewer can see, and again (same version) when a seat's `connected` changes."""

    type: Literal["envelope"]


class ErrorFrame(ServerFrame):
    """A refusal of one frame; the socket stays open unless a close follows (see close codes)."""

    type: Literal["error"]
    code: str = Field(description="A stable error code, as the HTTP API's (docs/api.md)")
    message: str = Field(description="What went wrong, for a player to read")
    id: str | None = Field(description="The `id` of the `act` frame refused, else null")


class PongFrame(ServerFrame):
    """The answer to a `ping`."""

    type: Literal["pong"]


class ChatFrame(ChatMessagePublic):
    """A new chat message at the table (what `GET .../chat` lists)."""

    type: Literal["chat"]


class EndFrame(ServerFrame):
    """The match is over: the last frame of a match socket (the socket then closes with 1000)
    and the data of the stream's last event, `end`. It follows the final envelope."""

    type: Literal["end"]
    match_id: str
    version: int = Field(description="The final version of the match")
    status: Literal["finished", "aborted"] = Field(
        description="finished: by the rules; aborted: by an admin"
    )
    outcome: dict[str, Any] | None = Field(
        description="How it ended, as the final envelope shows it to this viewer; null when "
        "an admin aborted the match"
    )


class LobbyFrame(LobbyPublic):
    """The table as this viewer may see it (members also get the invite code): after the hello
    and on every change."""

    type: Literal["lobby"]


class SignedOutEvent(ServerFrame):
    """The data of the stream's last event when its token was revoked (`event: signed_out`)."""

    code: Literal["auth/revoked"]
    message: str


MATCH_CLIENT_FRAMES: tuple[type[BaseModel], ...] = (HelloFrame, PingFrame, ActFrame)
LOBBY_CLIENT_FRAMES: tuple[type[BaseModel], ...] = (HelloFrame, PingFrame)
MATCH_SERVER_FRAMES: tuple[type[BaseModel], ...] = (
    EnvelopeFrame,
    ChatFrame,
    ErrorFrame,
    PongFrame,
    EndFrame,
)
LOBBY_SERVER_FRAMES: tuple[type[BaseModel], ...] = (LobbyFrame, ErrorFrame, PongFrame)
ALL_FRAMES: tuple[type[BaseModel], ...] = (
    *MATCH_CLIENT_FRAMES,
    *MATCH_SERVER_FRAMES,
    LobbyFrame,
    SignedOutEvent,
)

_ADAPTERS: dict[str, TypeAdapter[Any]] = {
    "hello": TypeAdapter(HelloFrame),
    "ping": TypeAdapter(PingFrame),
    "act": TypeAdapter(ActFrame),
}


def read_frame(frame: dict[str, Any]) -> BaseModel:
    """The client frame `frame` (already a JSON object with a known string `type`) as its model;
    ApiError `request/malformed` naming the first field that is wrong."""
    try:
        model: BaseModel = _ADAPTERS[frame["type"]].validate_python(frame)
    except ValidationError as invalid:
        raise ApiError("request/malformed", describe_frame_error(frame["type"], invalid)) from None
    return model


def describe_frame_error(kind: str, invalid: ValidationError) -> str:
    """One sentence a player (or a bot's author) can act on, like the HTTP API's 400s."""
    first = invalid.errors()[0]
    where = ".".join(str(part) for part in first.get("loc", ()))
    problem = first.get("type", "")
    if problem == "extra_forbidden":
        return f"Unknown field in the {kind} frame: {where}."
    if problem == "missing":
        return f"Missing field in the {kind} frame: {where}."
    return f"Invalid value for {where} in the {kind} frame: {first.get('msg', 'invalid')}."

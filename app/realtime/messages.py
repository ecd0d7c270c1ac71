"""Every channel and every message of the fan-out, named once (like lila-ws's `ClientIn`/`Out`).

News travels as text twice: between processes on the broker (app/realtime/broker.py), and to
this process's sockets and streams through the hub (app/realtime/hub.py). Both carry the wire
strings below, spelled nowhere else: a publisher builds a message and sends `encode()`, a
consumer reads the text with `decode()` and matches on the type. The spellings are those of
the first release, so an old and a new process side by side (a rolling restart) understand
each other; a text no message reads decodes to `Unknown`, which consumers skip (`ignore`).

Channels: `match:<id>`, `lobby:<id>`, `token:<sha256>`, `player:<id>`, `reviews` (a post-game
review was asked for: every process's review worker looks), `pushes` (a player's push
subscriptions changed: every process reads again whether they have any), and `resync` (this
process's own: its subscription came back after an outage).
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass, field
from typing import Any, ClassVar

import orjson

log = logging.getLogger(__name__)
MATCH = "match:"
LOBBY = "lobby:"
TOKEN = "token:"
PLAYER = "player:"
PUSHES = "pushes"
RESYNC = "resync"
REVIEWS = "reviews"
"""The channel (and the message) of a resync: messages between processes may have been lost,
so every local socket and stream checks its match and its token against the database."""
UNKNOWN_KINDS_LOGGED = 100  # a bound on the kinds `ignore` remembers having logged


def match_topic(match_id: str) -> str:
    return MATCH + match_id


def lobby_topic(lobby_id: str) -> str:
    return LOBBY + lobby_id


def token_topic(token_hash: str) -> str:
    return TOKEN + token_hash


def player_topic(player_id: str) -> str:
    return PLAYER + player_id


def match_of(topic: str) -> str | None:
    """The match a `match:` channel is about (None: another channel)."""
    return topic[len(MATCH) :] if topic.startswith(MATCH) else None


def token_of(topic: str) -> str | None:
    """The token hash a `token:` channel is about (None: another channel)."""
    return topic[len(TOKEN) :] if topic.startswith(TOKEN) else None


@dataclass(frozen=True, slots=True)
class Version:
    """match: the match is at this version now (a move, an ending no seat made)."""

    version: int
    kind: ClassVar[str] = "version"

    def encode(self) -> str:
        return str(self.version)


@dataclass(frozen=True, slots=True)
class Move:
    """match, between processes only: a committed move, for a copy one behind to replay
    (app/realtime/fanout.py). Receivers pass it on to their sockets as a `Version`."""

    origin: str  # the committing process: its own moves come back to it
    version: int
    seat: int
    action: Any
    deadline: str | None  # ISO 8601
    seat_epoch: int
    seats: tuple[dict[str, Any], ...]  # every seat's SeatInfo fields: missed turns move too
    kind: ClassVar[str] = "move"
    PREFIX: ClassVar[str] = "move:"

    def encode(self) -> str:
        fields = {name: getattr(self, name) for name in _MOVE_FIELDS}
        return self.PREFIX + orjson.dumps(fields).decode()

    @classmethod
    def read(cls, body: str) -> Move:
        fields = orjson.loads(body)
        return cls(
            **{name: fields[name] for name in _MOVE_FIELDS} | {"seats": tuple(fields["seats"])}
        )


_MOVE_FIELDS = ("origin", "version", "seat", "action", "deadline", "seat_epoch", "seats")


class _Bare:
    """A message that is its kind and nothing more."""

    __slots__ = ()
    kind: ClassVar[str]

    def encode(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Seats(_Bare):
    """match: a seat changed hands; every copy reloads the seats."""

    kind: ClassVar[str] = "seats"


@dataclass(frozen=True, slots=True)
class Presence(_Bare):
    """match: who is connected changed (app/realtime/presence.py)."""

    kind: ClassVar[str] = "presence"


@dataclass(frozen=True, slots=True)
class Chat:
    """match: a chat message was written; `seq` None: a seat change's notice (chat/notices.py),
    written by the commit's listener, which does not know its number."""

    seq: int | None
    kind: ClassVar[str] = "chat"
    PREFIX: ClassVar[str] = "chat:"
    NOTICE: ClassVar[str] = "seat"

    def encode(self) -> str:
        return self.PREFIX + (self.NOTICE if self.seq is None else str(self.seq))


@dataclass(frozen=True, slots=True)
class LobbyChanged(_Bare):
    """lobby: the table changed; every watcher reads it again."""

    kind: ClassVar[str] = "changed"


@dataclass(frozen=True, slots=True)
class ViewerChanged(_Bare):
    """lobby, this process only: a socket's hello named another viewer (realtime/lobby_ws.py)."""

    kind: ClassVar[str] = "viewer"


@dataclass(frozen=True, slots=True)
class Signout(_Bare):
    """token: the token was revoked (app/realtime/signouts.py)."""

    kind: ClassVar[str] = "signout"


@dataclass(frozen=True, slots=True)
class ReviewAsked(_Bare):
    """reviews: a review was asked for; each process's review worker looks for work
    (app/review/worker.py)."""

    kind: ClassVar[str] = "asked"


@dataclass(frozen=True, slots=True)
class PushChanged:
    """pushes: a player's push subscriptions changed (a device subscribed, unsubscribed, was
    turned on or off, was gone); each process reads again whether the player has any
    (app/notifications/push_players.py). Its kind names the player: the hub keeps the newest
    message of each kind, so two players' changes both arrive, and one player's, once."""

    player_id: str
    PREFIX: ClassVar[str] = "push-"

    @property
    def kind(self) -> str:
        return self.PREFIX + self.player_id

    def encode(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Resync(_Bare):
    """resync, then every topic with a listener: news may have been lost (realtime/fanout.py)."""

    kind: ClassVar[str] = RESYNC


@dataclass(frozen=True, slots=True)
class News:
    """player: one event of a player's stream (app/player_events/news.py). Each item's kind is
    its own (`ev<unique>`), so the hub, which keeps the newest message of each kind, keeps all."""

    event: dict[str, Any]
    unique: str = field(default_factory=lambda: uuid.uuid4().hex)
    PREFIX: ClassVar[str] = "ev"

    @property
    def kind(self) -> str:
        return self.PREFIX + self.unique

    def encode(self) -> str:
        return f"{self.kind}:" + orjson.dumps(self.event).decode()


@dataclass(frozen=True, slots=True)
class Unknown:
    """A text no message reads (a newer process's, during a rolling restart): skipped."""

    text: str

    @property
    def kind(self) -> str:
        return kind_of(self.text)

    def encode(self) -> str:
        return self.text


Known = (
    Version
    | Move
    | Seats
    | Presence
    | Chat
    | LobbyChanged
    | ViewerChanged
    | Signout
    | ReviewAsked
    | PushChanged
    | Resync
    | News
)
Message = Known | Unknown
_BARE: dict[str, Known] = {
    m.kind: m
    for m in (
        Seats(),
        Presence(),
        LobbyChanged(),
        ViewerChanged(),
        Signout(),
        ReviewAsked(),
        Resync(),
    )
}


def kind_of(text: str) -> str:
    """What the hub coalesces on, read without decoding a body: the newest message of each
    kind is all a slow socket needs (versions only increase)."""
    if text.isascii() and text.isdigit():
        return Version.kind
    return text.partition(":")[0]


def decode(text: str) -> Message:
    """The message a wire text carries; never raises (a text it cannot read is `Unknown`)."""
    if text.isascii() and text.isdigit():
        return Version(int(text))
    bare = _BARE.get(text)
    if bare is not None:
        return bare
    if text.startswith(PushChanged.PREFIX) and ":" not in text and text != PushChanged.PREFIX:
        return PushChanged(text[len(PushChanged.PREFIX) :])
    head, colon, body = text.partition(":")
    try:
        if colon and head == Move.kind:
            return Move.read(body)
        if colon and head == Chat.kind:
            return _chat(body) or Unknown(text)
        if colon and head.startswith(News.PREFIX) and head != News.PREFIX:
            event = orjson.loads(body)
            if isinstance(event, dict):
                return News(event, head[len(News.PREFIX) :])
    except (orjson.JSONDecodeError, KeyError, TypeError):
        pass
    return Unknown(text)


def _chat(body: str) -> Chat | None:
    if body == Chat.NOTICE:
        return Chat(None)
    return Chat(int(body)) if body.isascii() and body.isdigit() else None


def read(texts: list[str]) -> list[Known]:
    """The messages a consumer acts on, in order; the unknown ones are skipped (`ignore`)."""
    known: list[Known] = []
    for text in texts:
        message = decode(text)
        if isinstance(message, Unknown):
            ignore(message)
        else:
            known.append(message)
    return known


_logged: set[str] = set()


def ignore(message: Unknown) -> None:
    """Skip a message this version cannot read, said in the log once per kind and process."""
    if message.kind in _logged or len(_logged) >= UNKNOWN_KINDS_LOGGED:
        return
    _logged.add(message.kind)
    log.warning("skipping a fan-out message of unknown kind %r: %.80s", message.kind, message.text)

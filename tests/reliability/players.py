"""Players who keep playing through crashes and outages, written only from the API contract.

Each plays random legal moves with an idempotency id, over REST or over a match WebSocket, and
sends the same move again (same id, same version) until the server gives a definite answer, as
a careful third-party client would. A server that loses an acknowledged move shows up as a
version going back, or as a different move at that version in the history.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import httpx
import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

RETRY_PAUSE = 0.05
RETRIES = 1200  # with the pause and the timeouts: minutes, far longer than any restart
RESYNC_SECONDS = 5.0  # a socket that hears nothing this long asks for the current envelope
REQUEST_TIMEOUT = httpx.Timeout(15.0)
UNAVAILABLE = 503


class Broken(AssertionError):
    """The server broke a promise: lost an acknowledged move, or refused a retried one."""


@dataclass
class Move:
    seat: int
    action: dict[str, Any]
    id: str
    acknowledged: bool = False
    sends: int = 0  # more than one: the answer was lost (a kill) and the move sent again


@dataclass
class Table:
    """One match as its players saw it: every move sent, by the version it was sent at."""

    match_id: str
    tokens: list[str]
    moves: dict[int, Move] = field(default_factory=dict)


class Watcher(Protocol):
    """Told when a move is about to be sent (it may hold the move back a while) and when it
    was acknowledged (after how long)."""

    async def sending(self) -> None: ...
    def acknowledged(self, move: Move, seconds: float) -> None: ...


class Seat(Protocol):
    async def envelope(self, at_least: int) -> dict[str, Any]: ...
    async def submit(self, move: Move, version: int) -> dict[str, Any]: ...
    async def close(self) -> None: ...


def _retryable(response: httpx.Response) -> bool:
    return response.status_code == UNAVAILABLE and "retry-after" in response.headers


class RestSeat:
    def __init__(self, http: httpx.AsyncClient, match_id: str, token: str) -> None:
        self.http = http
        self.path = f"/api/v1/matches/{match_id}"
        self.headers = {"Authorization": f"Bearer {token}"}

    async def _request(
        self, method: str, path: str, body: Any = None, move: Move | None = None
    ) -> httpx.Response:
        """The answer the server decided on; a dropped connection or a 503 is asked again."""
        for _ in range(RETRIES):
            if move is not None:
                move.sends += 1
            try:
                response = await self.http.request(
                    method, self.path + path, json=body, headers=self.headers
                )
            except httpx.TransportError:
                response = None
            if response is not None and not _retryable(response):
                return response
            await asyncio.sleep(RETRY_PAUSE)
        raise Broken(f"{method} {path} never got an answer")

    async def envelope(self, at_least: int) -> dict[str, Any]:
        response = await self._request("GET", "/state")
        body: dict[str, Any] = response.json()
        if response.status_code != 200 or body["version"] < at_least:
            raise Broken(f"expected version {at_least} or later, got {response.text[:300]}")
        return body

    async def submit(self, move: Move, version: int) -> dict[str, Any]:
        request = {"action": move.action, "version": version, "id": move.id}
        response = await self._request("POST", "/actions", request, move)
        if response.status_code != 200:
            raise Broken(f"move {move} at version {version} refused: {response.text[:300]}")
        return dict(response.json())

    async def close(self) -> None:
        return None


class SocketSeat:
    """A match WebSocket read all the time, as a browser does; after a crash it reconnects and
    says hello with its last version."""

    def __init__(
        self,
        ws_base: str,
        match_id: str,
        token: str,
        on_envelope: Callable[[int], None] = lambda _version: None,
    ) -> None:
        self.url = f"{ws_base}/api/v1/matches/{match_id}/ws"
        self.token = token
        self.on_envelope = on_envelope
        self.connection: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.latest: dict[str, Any] = {"version": -1}
        self.errors: dict[str, dict[str, Any]] = {}
        self.reconnects = 0
        self.ended = False  # the server sent the match's `end` frame
        self.changed = asyncio.Event()

    async def _read_forever(self) -> None:
        while not self.ended:  # after the match's end frame the server closes: no reconnect
            await self._connect()
            try:
                async for text in self.connection:
                    self._take(json.loads(text))
            except (ConnectionClosed, OSError):
                pass
            self.connection = None
            if not self.ended:
                self.reconnects += 1
            self.changed.set()

    async def _connect(self) -> None:
        for _ in range(RETRIES):
            try:
                self.connection = await websockets.connect(self.url, open_timeout=15)
                await self.connection.send(json.dumps(self._hello()))
                self.changed.set()
                return
            except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError):
                await asyncio.sleep(RETRY_PAUSE)
        raise Broken("the match socket never reconnected")

    def _hello(self) -> dict[str, Any]:
        return {"type": "hello", "token": self.token, "version": self.latest["version"]}

    def _take(self, frame: dict[str, Any]) -> None:
        if frame["type"] == "envelope":
            self.latest = frame
            self.on_envelope(frame["version"])
        elif frame["type"] == "end":
            self.ended = True
        elif frame["type"] == "error" and frame.get("id") is not None:
            self.errors[frame["id"]] = frame
        self.changed.set()

    async def _send(self, frame: dict[str, Any]) -> bool:
        if self.reader is None:
            self.reader = asyncio.create_task(self._read_forever())
        try:
            await self.connection.send(json.dumps(frame))
        except (AttributeError, ConnectionClosed, OSError):  # not (re)connected yet
            return False
        return True

    async def _wait(self) -> None:
        """Until a frame or a reconnection; a long silence asks for the current envelope."""
        try:
            await asyncio.wait_for(self.changed.wait(), RESYNC_SECONDS)
        except TimeoutError:
            await self._send(self._hello())  # a second hello asks for a resync

    async def envelope(self, at_least: int) -> dict[str, Any]:
        if self.reader is None:
            self.reader = asyncio.create_task(self._read_forever())
        for _ in range(RETRIES):
            self.changed.clear()
            if self.latest["version"] >= at_least:
                return self.latest
            await self._wait()
        raise Broken(f"the socket never showed version {at_least}: {self.latest['version']}")

    async def submit(self, move: Move, version: int) -> dict[str, Any]:
        act = {"type": "act", "action": move.action, "version": version, "id": move.id}
        for _ in range(RETRIES):
            reconnects = self.reconnects
            move.sends += 1
            if not await self._send(act):
                await asyncio.sleep(RETRY_PAUSE)
                continue
            while self.reconnects == reconnects:  # after a reconnection: send it again
                self.changed.clear()
                if self.latest["version"] > version:
                    return self.latest
                error = self.errors.pop(move.id, None)
                if error is not None and error["code"] != "service/unavailable":
                    raise Broken(f"move {move} at version {version} refused: {error}")
                if error is not None:
                    await asyncio.sleep(RETRY_PAUSE)
                    break
                await self._wait()
        raise Broken(f"move {move} at version {version} never answered")

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader
        if self.connection is not None:
            await self.connection.close()


async def play(table: Table, seats: list[Seat], rng: random.Random, watcher: Watcher) -> None:
    """Random legal moves until the match ends; each seat asks its own envelope for its moves."""
    seen = await seats[0].envelope(0)
    while seen["status"] == "active":
        seat = seen["to_act"][0]
        if seen["seat"] != seat:
            seen = await seats[seat].envelope(seen["version"])
        version = seen["version"]
        move = Move(seat, rng.choice(seen["legal_actions"]), f"{table.match_id[:8]}-{version}")
        table.moves[version] = move
        await watcher.sending()
        started = time.monotonic()
        seen = await seats[seat].submit(move, version)
        move.acknowledged = True
        watcher.acknowledged(move, time.monotonic() - started)

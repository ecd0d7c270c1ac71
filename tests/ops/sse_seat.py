"""A player reading the match's server-sent events and acting over REST, as an EventSource
client does: after a stream ends (its server stopped) it opens a new one, unless its last
event was `end` (the match is over)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import httpx

from tests.reliability.players import RETRIES, RETRY_PAUSE, Broken, Move, RestSeat

RESYNC_SECONDS = 5.0


class SseSeat:
    def __init__(self, http: httpx.AsyncClient, match_id: str, token: str) -> None:
        self.http = http
        self.rest = RestSeat(http, match_id, token)
        self.path = f"/api/v1/matches/{match_id}/stream"
        self.headers = {"Authorization": f"Bearer {token}"}
        self.latest: dict[str, Any] = {"version": -1}
        self.streams = 0  # how many streams were opened: more than one after a restart
        self.ended = False  # the stream said the match is over (`event: end`)
        self.changed = asyncio.Event()
        self.reader: asyncio.Task[None] | None = None

    async def _read_forever(self) -> None:
        timeout = httpx.Timeout(15.0, read=None)
        while not self.ended:  # a stream that ended with `event: end` is not opened again
            try:
                async with self.http.stream(
                    "GET", self.path, headers=self.headers, timeout=timeout
                ) as stream:
                    if stream.status_code == 200:
                        self.streams += 1
                        await self._read(stream)
            except httpx.TransportError:
                pass
            await asyncio.sleep(RETRY_PAUSE)

    async def _read(self, stream: httpx.Response) -> None:
        event = ""
        async for line in stream.aiter_lines():
            if line.startswith("event: "):
                event = line[len("event: ") :]
                self.ended = self.ended or event == "end"
            elif line.startswith("data: ") and event == "envelope":
                envelope = json.loads(line[len("data: ") :])
                if envelope["version"] >= self.latest["version"]:
                    self.latest = envelope
                self.changed.set()

    async def envelope(self, at_least: int) -> dict[str, Any]:
        if self.reader is None:
            self.reader = asyncio.create_task(self._read_forever())
        for _ in range(RETRIES):
            self.changed.clear()
            if self.latest["version"] >= at_least:
                return self.latest
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), RESYNC_SECONDS)
        raise Broken(f"the stream never showed version {at_least}: {self.latest['version']}")

    async def submit(self, move: Move, version: int) -> dict[str, Any]:
        return await self.rest.submit(move, version)

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader

"""Reading a player's event stream in tests: lines arrive on a queue, waited for by content."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx

from tests.platform.helpers import Player

WAIT = 30.0  # a hung server fails the test instead of hanging it; never a timing assert
EVENTS = "/api/v1/players/me/events"


class EventReader:
    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        self.lines: asyncio.Queue[str] = asyncio.Queue()
        self.seen: list[dict[str, Any]] = []
        self.ended = asyncio.Event()

    async def pump(self) -> None:
        try:
            async for line in self.response.aiter_lines():
                await self.lines.put(line)
        finally:
            self.ended.set()

    async def line(self) -> str:
        return await asyncio.wait_for(self.lines.get(), WAIT)

    async def event(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The next event (ndjson) that `wanted` accepts; the others are kept in `seen`."""
        while True:
            line = await self.line()
            if not line:
                continue  # a keep-alive
            event = json.loads(line)
            self.seen.append(event)
            if wanted(event):
                return dict(event)

    async def of_type(self, kind: str, **fields: Any) -> dict[str, Any]:
        return await self.event(
            lambda e: e["type"] == kind and all(e.get(k) == v for k, v in fields.items())
        )


@asynccontextmanager
async def events_of(
    http: httpx.AsyncClient, player: Player, headers: dict[str, str] | None = None
) -> AsyncIterator[EventReader]:
    request = http.build_request(
        "GET", EVENTS, headers={**player.auth, **(headers or {})}, timeout=httpx.Timeout(WAIT)
    )
    response = await http.send(request, stream=True)
    assert response.status_code == 200, (await response.aread()).decode()
    reader = EventReader(response)
    pumping = asyncio.create_task(reader.pump())
    try:
        yield reader
    finally:
        pumping.cancel()
        with contextlib.suppress(BaseException):
            await pumping
        await response.aclose()

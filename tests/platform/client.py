"""The API client for end-to-end tests: `tests.support.client` (the third-party style client,
written only from API.md) and a WebSocket on a match that checks what it receives."""

from __future__ import annotations

import json
from typing import Any

import websockets

from tests.support.client import ApiClient, open_table

__all__ = ["ApiClient", "MatchSocket", "open_table"]


class MatchSocket:
    """One WebSocket on a match: hello, then envelopes; act and wait for the result."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.envelope: dict[str, Any] = {}
        self.frames: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, ws_base: str, match_id: str, token: str | None) -> MatchSocket:
        connection = await websockets.connect(f"{ws_base}/api/v1/matches/{match_id}/ws")
        await connection.send(json.dumps({"type": "hello", "token": token, "version": None}))
        socket = cls(connection)
        await socket.receive()
        return socket

    async def receive(self, timeout: float = 10) -> dict[str, Any]:
        import asyncio

        frame = json.loads(await asyncio.wait_for(self.connection.recv(), timeout))
        self.frames.append(frame)
        if frame["type"] == "envelope":
            assert frame["version"] >= self.envelope.get("version", -1), "version went back"
            self.envelope = frame
        return dict(frame)

    async def until_version(self, version: int) -> dict[str, Any]:
        while self.envelope.get("version", -1) < version:
            await self.receive()
        return self.envelope

    async def act(self, action: Any, version: int, frame_id: str) -> dict[str, Any]:
        """Send an action and wait for its envelope; a refusal fails loudly."""
        await self.send({"type": "act", "action": action, "version": version, "id": frame_id})
        while self.envelope.get("version", -1) <= version:
            frame = await self.receive()
            if frame["type"] == "error" and frame.get("id") == frame_id:
                raise AssertionError(f"action {action} at version {version} refused: {frame}")
        return self.envelope

    async def send(self, frame: dict[str, Any]) -> None:
        await self.connection.send(json.dumps(frame))

    async def close(self) -> None:
        await self.connection.close()

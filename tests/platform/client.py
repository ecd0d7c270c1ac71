"""A small third-party style client, written only from API.md, for end-to-end tests."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import httpx
import websockets


@dataclass
class ApiClient:
    base: str
    token: str = ""
    id: str = ""
    name: str = ""

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    @classmethod
    async def register(cls, base: str, name: str) -> ApiClient:
        async with httpx.AsyncClient(base_url=base) as http:
            body = (await http.post("/api/v1/players", json={"name": name})).json()
        return cls(base, body["token"], body["id"], body["name"])

    async def call(self, method: str, path: str, body: Any = None) -> httpx.Response:
        async with httpx.AsyncClient(base_url=self.base, timeout=10) as http:
            return await http.request(method, path, json=body, headers=self.headers)

    async def ok(self, method: str, path: str, body: Any = None) -> Any:
        response = await self.call(method, path, body)
        assert response.status_code < 300, response.text
        return response.json()


async def open_table(
    host: ApiClient, guests: list[ApiClient], game: str, options: dict[str, Any] | None = None
) -> str:
    lobby = await host.ok(
        "POST",
        "/api/v1/lobbies",
        {"game": game, "seats": 1 + len(guests), "options": options or {}},
    )
    for guest in guests:
        await guest.ok("POST", f"/api/v1/lobbies/{lobby['id']}/join", {})
        await guest.ok("POST", f"/api/v1/lobbies/{lobby['id']}/ready", {"ready": True})
    return str((await host.ok("POST", f"/api/v1/lobbies/{lobby['id']}/start"))["match_id"])


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

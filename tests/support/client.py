"""A small Foxden API client, written only from API.md: what a third-party script, the
benchmarks and the end-to-end tests use to sign up, open a table and call the API.

It opens a fresh HTTP connection per call on purpose: each call is one independent client
request, as a browser tab or a bot process would send it. The TLS settings are built once:
httpx loads the certificate bundle for every client it makes otherwise (10-25 ms of CPU each,
which the load benchmark's generator paid for every table it opened mid-run).
"""

from __future__ import annotations

import functools
import ssl
from dataclasses import dataclass
from typing import Any

import httpx


class ApiRefused(Exception):
    """A call the server answered with an error status; the body says why (API.md's codes)."""

    def __init__(self, response: httpx.Response) -> None:
        super().__init__(f"{response.request.method} {response.request.url}: {response.text}")
        self.response = response


@dataclass
class ApiClient:
    """One player: the server's base URL and the player's token, id and name."""

    base: str
    token: str = ""
    id: str = ""
    name: str = ""

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    @classmethod
    async def register(cls, base: str, name: str) -> ApiClient:
        """A new guest player called `name`."""
        async with httpx.AsyncClient(base_url=base, verify=_tls()) as http:
            body = (await http.post("/api/v1/players", json={"name": name})).json()
        return cls(base, body["token"], body["id"], body["name"])

    async def call(self, method: str, path: str, body: Any = None) -> httpx.Response:
        """The raw response, whatever its status."""
        async with httpx.AsyncClient(base_url=self.base, timeout=10, verify=_tls()) as http:
            return await http.request(method, path, json=body, headers=self.headers)

    async def ok(self, method: str, path: str, body: Any = None) -> Any:
        """The JSON body of a successful call; `ApiRefused` for any other answer."""
        response = await self.call(method, path, body)
        if response.status_code >= 300:
            raise ApiRefused(response)
        return response.json()


@functools.cache
def _tls() -> ssl.SSLContext:
    """httpx's own default verification (the system's CA bundle, hostnames checked), once."""
    return httpx.create_ssl_context()


async def open_table(
    host: ApiClient, guests: list[ApiClient], game: str, options: dict[str, Any] | None = None
) -> str:
    """Host a table of `game` for the host and `guests`, seat and ready them, start it: the
    id of the match."""
    lobby = await host.ok(
        "POST",
        "/api/v1/lobbies",
        {"game": game, "seats": 1 + len(guests), "options": options or {}},
    )
    for guest in guests:
        await guest.ok("POST", f"/api/v1/lobbies/{lobby['id']}/join", {})
        await guest.ok("POST", f"/api/v1/lobbies/{lobby['id']}/ready", {"ready": True})
    return str((await host.ok("POST", f"/api/v1/lobbies/{lobby['id']}/start"))["match_id"])

"""A resignation is pushed like a move: every socket on the match gets the final envelope."""

from __future__ import annotations

import httpx
from fastapi import FastAPI

from tests.platform.realtime.test_websockets import (  # noqa: F401 (fixtures)
    app,
    http,
    match_socket,
    new_match,
)


async def test_sockets_get_the_ending_of_a_resigned_match(
    app: FastAPI,  # noqa: F811
    http: httpx.AsyncClient,  # noqa: F811
) -> None:
    ada, bob, match_id = await new_match(http)
    bobs = await match_socket(app, match_id, bob)
    watcher = await match_socket(app, match_id, None)
    for socket in (bobs, watcher):
        assert (await socket.until("envelope"))["status"] == "active"
    resigned = await http.post(f"/api/v1/matches/{match_id}/resign", headers=ada.auth)
    assert resigned.status_code == 200, resigned.text
    for socket in (bobs, watcher):
        frame = await socket.until("envelope")
        while frame["version"] < 1:  # presence changes come as envelopes of version 0
            frame = await socket.until("envelope")
        assert frame["status"] == "finished" and frame["outcome"]["winners"] == [1]
        assert frame["outcome"]["detail"]["summary"] == "Ada resigned"
    await bobs.close()
    await watcher.close()

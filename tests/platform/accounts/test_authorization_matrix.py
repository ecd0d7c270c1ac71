"""Who may call what: every REST route, for every kind of caller, in one table.

The table must name every route the app serves (a new route without a row fails), and each
cell is the exact status that caller gets. Each call runs in a fresh world, so what one
caller changes cannot decide another's answer.

The world: a host (seat 0) and a seated player (seat 1) at a table (the third seat free) or in
a running match, private or public. The anonymous
caller and the spectator (a player at no table) aim at the public ones, to show what the
public may see; the outsider (a player at no table), the seated player, the host and the admin
aim at the private ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

from app.web.openapi import api_routes
from tests.platform.helpers import Player, app_client, new_player

ADMIN_TOKEN = "matrix-admin-token-0123456789abcdef"
ROLES = ("anonymous", "outsider", "spectator", "seated", "host", "admin")
PUBLIC_VIEW = {"anonymous", "spectator"}
STREAMS = -1  # an answer that streams for ever: asked over real sockets in test_real_sockets
ALL_OK = dict.fromkeys(ROLES, 200)


def only(allowed: dict[str, int], anonymous: int = 401, others: int = 403) -> dict[str, int]:
    """Anonymous gets `anonymous`, the roles in `allowed` their status, the rest `others`."""
    return {role: allowed.get(role, anonymous if role == "anonymous" else others) for role in ROLES}


SIGNED_IN = {role: 200 for role in ROLES if role != "anonymous"}
GUEST_ONLY = dict.fromkeys(SIGNED_IN, 404)  # account/not_found: no account to act on
WATCHERS = {"anonymous": 200, "spectator": 200, "seated": 200, "host": 200, "admin": 200}
ADMIN_ONLY = only({"admin": 200})
HOST_ONLY = only({"host": 200})
WHILE_IT_RUNS = only({"spectator": 409, "seated": 409, "host": 409, "admin": 409})
PLAY = {"action": {"type": "play", "card": "no-such-card"}}

ROWS: dict[tuple[str, str], tuple[Any, dict[str, int]]] = {
    ("POST", "/api/v1/players"): ({"name": "New"}, dict.fromkeys(ROLES, 201)),
    ("GET", "/api/v1/players/me"): (None, only(SIGNED_IN)),
    ("GET", "/api/v1/players/me/matches"): (None, only(SIGNED_IN)),
    # Account routes act on the caller only; the cast are guests (the claim's name is bad).
    ("GET", "/api/v1/players/me/account"): (None, only(GUEST_ONLY)),
    ("POST", "/api/v1/players/me/account"): (
        {"username": "x", "password": "y"},
        only(dict.fromkeys(SIGNED_IN, 400)),
    ),
    ("PUT", "/api/v1/players/me/account/password"): (
        {"old_password": "old", "new_password": "a new password"},
        only(GUEST_ONLY),
    ),
    ("POST", "/api/v1/players/me/account/password-check"): ({"password": "x"}, only(SIGNED_IN)),
    ("POST", "/api/v1/sessions"): (
        {"username": "nobody", "password": "wrong"},
        dict.fromkeys(ROLES, 401),
    ),
    ("GET", "/api/v1/sessions"): (None, only(GUEST_ONLY)),
    ("DELETE", "/api/v1/sessions/current"): (None, only(GUEST_ONLY)),
    ("POST", "/api/v1/sessions/renew"): (None, only(GUEST_ONLY)),
    ("DELETE", "/api/v1/sessions/{session_id}"): (None, only(GUEST_ONLY)),
    ("POST", "/api/v1/lobbies"): ({"game": "high-card"}, only(dict.fromkeys(SIGNED_IN, 201))),
    ("GET", "/api/v1/lobbies"): (None, ALL_OK),
    ("GET", "/api/v1/lobbies/page"): (None, ALL_OK),
    # A private table can be read by its id (the invite code stays hidden from non-members).
    ("GET", "/api/v1/lobbies/{lobby_id}"): (None, ALL_OK),
    ("PATCH", "/api/v1/lobbies/{lobby_id}"): ({"private": True}, HOST_ONLY),
    ("POST", "/api/v1/lobbies/{lobby_id}/join"): (
        {},
        only({"spectator": 200, "seated": 200, "host": 200}),  # private: the code is needed
    ),
    ("POST", "/api/v1/lobbies/{lobby_id}/invite_code"): (None, HOST_ONLY),
    ("POST", "/api/v1/lobbies/{lobby_id}/leave"): (None, only(SIGNED_IN)),  # no seat: no-op
    ("POST", "/api/v1/lobbies/{lobby_id}/ready"): (
        {"ready": True},
        only({"seated": 200, "host": 200}),
    ),
    ("PUT", "/api/v1/lobbies/{lobby_id}/seats/{seat}"): ({"bot": "random"}, HOST_ONLY),
    ("POST", "/api/v1/lobbies/{lobby_id}/bots"): ({"bot": "random"}, HOST_ONLY),
    ("DELETE", "/api/v1/lobbies/{lobby_id}/seats/{seat}"): (None, HOST_ONLY),
    # The host passes authorization; the seated player is not ready yet.
    ("POST", "/api/v1/lobbies/{lobby_id}/start"): (None, only({"host": 409})),
    ("GET", "/api/v1/matches/{match_id}"): (None, only(WATCHERS)),
    ("GET", "/api/v1/matches/{match_id}/state"): (None, only(WATCHERS)),
    ("GET", "/api/v1/matches/{match_id}/log"): (None, only(WATCHERS)),
    ("GET", "/api/v1/matches/{match_id}/chat"): (None, only(WATCHERS)),
    ("GET", "/api/v1/matches/{match_id}/stream"): (
        None,
        only(dict.fromkeys(WATCHERS, STREAMS)),
    ),
    # Seat 0 is to act: the seated player waits its turn, the host's made-up card is illegal.
    ("POST", "/api/v1/matches/{match_id}/actions"): (PLAY, only({"seated": 409, "host": 422})),
    ("POST", "/api/v1/matches/{match_id}/chat"): (
        {"reaction": "nice"},
        only({"seated": 201, "host": 201}),
    ),
    ("POST", "/api/v1/matches/{match_id}/leave"): (None, only({"seated": 200, "host": 200})),
    ("POST", "/api/v1/matches/{match_id}/reclaim"): (None, only({"seated": 200, "host": 200})),
    ("POST", "/api/v1/matches/{match_id}/rematch"): (None, only({"seated": 409, "host": 409})),
    # The match is running: its replay and export open when it ends (for the same watchers).
    ("GET", "/api/v1/matches/{match_id}/replay"): (None, only(dict.fromkeys(WATCHERS, 409))),
    ("GET", "/api/v1/matches/{match_id}/replay/{step}"): (
        None,
        only(dict.fromkeys(WATCHERS, 409)),
    ),
    ("GET", "/api/v1/matches/{match_id}/export"): (None, only(dict.fromkeys(WATCHERS, 409))),
    ("GET", "/api/v1/games/{game_id}/leaderboard"): (None, ALL_OK),
    ("GET", "/api/v1/players/{player_id}"): (None, ALL_OK),
    ("GET", "/api/v1/admin/lobbies"): (None, ADMIN_ONLY),
    ("POST", "/api/v1/admin/lobbies/{lobby_id}/close"): (None, ADMIN_ONLY),
    ("DELETE", "/api/v1/admin/lobbies/{lobby_id}/players/{player_id}"): (None, ADMIN_ONLY),
    ("GET", "/api/v1/admin/matches"): (None, ADMIN_ONLY),
    ("POST", "/api/v1/admin/matches/{match_id}/abort"): (None, ADMIN_ONLY),
    ("GET", "/api/v1/admin/matches/{match_id}/state"): (None, ADMIN_ONLY),
    ("GET", "/api/v1/admin/stats"): (None, ADMIN_ONLY),
    ("POST", "/api/v1/admin/players/{player_id}/sign_out"): (None, ADMIN_ONLY),
    ("GET", "/api/v1/games"): (None, ALL_OK),
    ("GET", "/games/{game_id}/rules"): (None, ALL_OK),
    ("GET", "/healthz"): (None, ALL_OK),
    ("GET", "/readyz"): (None, ALL_OK),
    ("GET", "/metrics"): (None, ALL_OK),
    ("GET", "/"): (None, ALL_OK),
    ("GET", "/lobby/{lobby_id}"): (None, ALL_OK),
    ("GET", "/match/{match_id}"): (None, ALL_OK),
    ("GET", "/match/{match_id}/replay"): (None, ALL_OK),
    ("GET", "/players/{player_id}"): (None, ALL_OK),
    ("GET", "/games/{game_id}/leaderboard"): (None, ALL_OK),
    ("GET", "/daily/{game_id}/{day}"): (None, ALL_OK),
    ("GET", "/account"): (None, ALL_OK),
    ("GET", "/admin"): (None, ALL_OK),
    ("GET", "/docs"): (None, ALL_OK),
    ("GET", "/docs/assets/{name}"): (None, ALL_OK),
    ("GET", "/favicon.ico"): (None, ALL_OK),
    ("GET", "/offline"): (None, ALL_OK),
    ("GET", "/manifest.webmanifest"): (None, ALL_OK),
    ("GET", "/sw.js"): (None, ALL_OK),
    # A player's own event stream; challenges are between accounts (the cast are guests), and
    # a challenge is found only by the two it names.
    ("GET", "/api/v1/players/me/events"): (None, only(dict.fromkeys(SIGNED_IN, STREAMS))),
    ("POST", "/api/v1/challenges"): ({"to": "nobody", "game": "high-card"}, only(GUEST_ONLY)),
    ("GET", "/api/v1/challenges"): (None, only(SIGNED_IN)),
    ("GET", "/api/v1/challenges/{challenge_id}"): (None, only(dict.fromkeys(SIGNED_IN, 404))),
    ("POST", "/api/v1/challenges/{challenge_id}/accept"): (
        None,
        only(dict.fromkeys(SIGNED_IN, 404)),
    ),
    ("POST", "/api/v1/challenges/{challenge_id}/decline"): (
        None,
        only(dict.fromkeys(SIGNED_IN, 404)),
    ),
    ("POST", "/api/v1/challenges/{challenge_id}/cancel"): (
        None,
        only(dict.fromkeys(SIGNED_IN, 404)),
    ),
    ("GET", "/asyncapi.json"): (None, ALL_OK),
    # Public; without `players` the question is malformed, for everyone alike.
    ("GET", "/api/v1/games/{game_id}/ratings"): (None, dict.fromkeys(ROLES, 400)),
    # Only an account can become a bot account (the cast are guests).
    ("POST", "/api/v1/players/me/bot"): (None, only(GUEST_ONLY)),
    # Slow play: each caller's own clock settings and vacation (a guest's too).
    ("GET", "/api/v1/players/me/clock"): (None, only(SIGNED_IN)),
    ("PUT", "/api/v1/players/me/clock"): (
        {"time_zone": "Europe/Berlin", "playing_hours": None},
        only(SIGNED_IN),
    ),
    ("POST", "/api/v1/players/me/vacation"): ({"days": 1}, only(SIGNED_IN)),
    # Nobody is on vacation in a fresh world.
    ("DELETE", "/api/v1/players/me/vacation"): (None, only(dict.fromkeys(SIGNED_IN, 409))),
    # Learn to play: anyone signed in starts a guided match; this world's match is not one.
    ("POST", "/api/v1/tutorials"): ({"game": "oh-fox"}, only(dict.fromkeys(SIGNED_IN, 201))),
    ("GET", "/api/v1/tutorials/{match_id}"): (
        None,
        only({"spectator": 404, "seated": 404, "host": 404, "admin": 404}),
    ),
    # The daily deal: anyone signed in plays it (once) and reads its results once it is over;
    # this world's day is long past and had no deal.
    ("GET", "/api/v1/daily"): (None, only(SIGNED_IN)),
    ("POST", "/api/v1/daily/{game_id}"): (None, only(dict.fromkeys(SIGNED_IN, 201))),
    ("GET", "/api/v1/daily/{game_id}/{day}"): (None, only(dict.fromkeys(SIGNED_IN, 404))),
    # A review exists only after the end: while the match runs nobody who may watch it gets
    # one, not even its own seat (match/not_finished); asking needs a token.
    ("GET", "/api/v1/matches/{match_id}/reviews/{seat}"): (
        None,
        {**WHILE_IT_RUNS, "anonymous": 409},
    ),
    ("POST", "/api/v1/matches/{match_id}/reviews/{seat}"): (None, WHILE_IT_RUNS),
    ("POST", "/api/v1/matches/{match_id}/reviews/{seat}/practice"): ({"step": 0}, WHILE_IT_RUNS),
    # Notifications: the push key is public; the rest is an account device's own (the cast
    # are guests).
    ("GET", "/api/v1/notifications/push-key"): (None, ALL_OK),
    ("PUT", "/api/v1/notifications/devices/current/push"): (
        {"endpoint": "https://push.example/x", "keys": {"p256dh": "B" * 87, "auth": "A" * 22}},
        only(GUEST_ONLY),
    ),
    ("DELETE", "/api/v1/notifications/devices/current/push"): (None, only(GUEST_ONLY)),
    ("GET", "/api/v1/notifications/devices"): (None, only(GUEST_ONLY)),
    ("PATCH", "/api/v1/notifications/devices/{session_id}"): ({"push": False}, only(GUEST_ONLY)),
    ("GET", "/api/v1/notifications"): (None, only(GUEST_ONLY)),
    ("PUT", "/api/v1/notifications"): ({}, only(GUEST_ONLY)),
    # Only a seated player resigns (each role meets a table of its own).
    ("POST", "/api/v1/matches/{match_id}/resign"): (None, only({"seated": 200, "host": 200})),
}
# Ids that are the same in every world.
FIXED = {
    "seat": "2",
    "step": "0",
    "game_id": "oh-fox",
    "day": "2020-01-01",
    "name": "swagger-ui.css",
    "session_id": "no-such-session",
    "challenge_id": "no-such-challenge",
}


def test_every_route_has_a_row() -> None:
    from app.core.config import Settings
    from app.server.main import create_app

    app = create_app(Settings(database_url="sqlite+aiosqlite://"))
    served = {(method, r.path_format) for r in api_routes(app) for method in r.methods or ()}
    assert served - set(ROWS) == set(), "routes without a row in the matrix"
    assert set(ROWS) - served == set(), "rows for routes the app no longer serves"


@dataclass
class Cast:
    players: dict[str, Player]

    def headers(self, role: str) -> dict[str, str]:
        if role == "admin":
            return {"Authorization": f"Bearer {ADMIN_TOKEN}"}
        return self.players[role].auth if role in self.players else {}


async def _table(http: httpx.AsyncClient, cast: Cast, private: bool, start: bool) -> dict[str, str]:
    host, seated = cast.players["host"], cast.players["seated"]
    body = {"game": "high-card", "seats": 2 if start else 3, "private": private}
    lobby = (await http.post("/api/v1/lobbies", headers=host.auth, json=body)).json()
    joined = await http.post(
        f"/api/v1/lobbies/{lobby['id']}/join",
        headers=seated.auth,
        json={"invite_code": lobby["invite_code"]},
    )
    assert joined.status_code == 200, joined.text
    if not start:
        return {"lobby_id": lobby["id"]}
    base = f"/api/v1/lobbies/{lobby['id']}"
    await http.post(base + "/ready", headers=seated.auth, json={"ready": True})
    started = await http.post(base + "/start", headers=host.auth)
    assert started.status_code == 200, started.text
    return {"match_id": started.json()["match_id"]}


async def _world(http: httpx.AsyncClient, cast: Cast, path: str, private: bool) -> dict[str, str]:
    """Only the table the path names: a lobby, or a running match."""
    ids = {"player_id": cast.players["seated"].id, **FIXED}
    if path.endswith("/sign_out"):  # signs its player out for good: never one of the cast
        ids["player_id"] = (await new_player(http, "Signed Out")).id
    if "{lobby_id}" in path or "{match_id}" in path:
        ids |= await _table(http, cast, private, start="{match_id}" in path)
    return ids


async def _answers(http: httpx.AsyncClient, cast: Cast, method: str, path: str) -> dict[str, int]:
    body, expected = ROWS[(method, path)]
    answers = {}
    for role in ROLES:
        if expected[role] == STREAMS:
            continue
        world = await _world(http, cast, path, private=role not in PUBLIC_VIEW)
        url = path.format(**world)
        response = await http.request(method, url, json=body, headers=cast.headers(role))
        answers[role] = response.status_code
    return answers


async def test_who_may_call_what(tmp_path: Any, with_high_card: None) -> None:
    from app.server.migrate import upgrade

    url = f"sqlite+aiosqlite:///{tmp_path / 'foxden.db'}"
    upgrade(url)
    settings: dict[str, Any] = {
        "rate_per_minute": 1_000_000,
        "max_open_lobbies": 10_000,
        "admin_token": ADMIN_TOKEN,
    }
    wrong = {}
    async with app_client(url, **settings) as http:
        names = ("outsider", "spectator", "seated", "host")
        cast = Cast({name: await new_player(http, name.title()) for name in names})
        for method, path in sorted(ROWS):
            expected = {role: s for role, s in ROWS[(method, path)][1].items() if s != STREAMS}
            got = await _answers(http, cast, method, path)
            if got != expected:
                wrong[f"{method} {path}"] = {
                    r: (got[r], expected[r]) for r in got if got[r] != expected[r]
                }
    assert wrong == {}, "(got, expected) per role"

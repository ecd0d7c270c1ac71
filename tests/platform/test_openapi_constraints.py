"""/openapi.json states every bound the server enforces on ids, text, numbers and pages, and
the server keeps to it: a value just outside a bound is refused with the documented code, a
value just inside gets past validation (to the route's own answer)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

from app.core.inputs import NO_NUL, SEQ_MAX
from app.lobby.schemas import TURN_SECONDS_MAX
from tests.platform.helpers import new_player, start_match

ADMIN = {"Authorization": "Bearer test-admin-token-0123456789abcdef"}
ID = {"maxLength": 32, "pattern": NO_NUL}
GAME = {"maxLength": 64, "pattern": NO_NUL}
MALFORMED = (400, "request/malformed")

# (method, route, where, name) -> what the document must say of it.
DECLARED: dict[tuple[str, str, str, str], dict[str, Any]] = {
    ("get", "/api/v1/lobbies/{lobby_id}", "path", "lobby_id"): ID,
    ("post", "/api/v1/lobbies/{lobby_id}/join", "path", "lobby_id"): ID,
    ("put", "/api/v1/lobbies/{lobby_id}/seats/{seat}", "path", "seat"): {"minimum": 0},
    ("get", "/api/v1/lobbies", "query", "game"): GAME,
    ("get", "/api/v1/matches/{match_id}", "path", "match_id"): ID,
    ("post", "/api/v1/matches/{match_id}/actions", "path", "match_id"): ID,
    ("get", "/api/v1/matches/{match_id}/log", "query", "after"): {"minimum": 0, "maximum": SEQ_MAX},
    ("get", "/api/v1/matches/{match_id}/replay/{step}", "path", "step"): {
        "minimum": 0,
        "maximum": SEQ_MAX,
    },
    ("get", "/api/v1/matches/{match_id}/chat", "path", "match_id"): ID,
    ("get", "/api/v1/matches/{match_id}/chat", "query", "after"): {
        "minimum": 0,
        "maximum": SEQ_MAX,
    },
    ("get", "/api/v1/players/{player_id}", "path", "player_id"): ID,
    ("get", "/api/v1/games/{game_id}/leaderboard", "path", "game_id"): GAME,
    ("get", "/api/v1/games/{game_id}/leaderboard", "query", "limit"): {
        "minimum": 1,
        "maximum": 200,
    },
    ("get", "/api/v1/games/{game_id}/leaderboard", "query", "offset"): {
        "minimum": 0,
        "maximum": 1_000_000,
    },
    ("get", "/api/v1/games/{game_id}/leaderboard", "query", "min_matches"): {
        "minimum": 1,
        "maximum": 10_000,
    },
    ("get", "/api/v1/admin/matches", "query", "game"): GAME,
    ("get", "/api/v1/admin/lobbies", "query", "game"): GAME,
    ("get", "/api/v1/admin/matches/{match_id}/state", "path", "match_id"): ID,
    ("delete", "/api/v1/admin/lobbies/{lobby_id}/players/{player_id}", "path", "player_id"): ID,
    ("post", "/api/v1/matches/{match_id}/actions", "body", "id"): {
        "minLength": 1,
        "maxLength": 64,
        "pattern": NO_NUL,
    },
    ("post", "/api/v1/matches/{match_id}/actions", "body", "version"): {
        "minimum": 0,
        "maximum": SEQ_MAX,
    },
    ("post", "/api/v1/lobbies", "body", "game"): GAME,
    ("post", "/api/v1/lobbies", "body", "seats"): {"minimum": 1},
    ("post", "/api/v1/lobbies", "body", "turn_seconds"): {
        "minimum": 1,
        "maximum": TURN_SECONDS_MAX,
    },
    ("patch", "/api/v1/lobbies/{lobby_id}", "body", "turn_seconds"): {
        "minimum": 0,
        "maximum": TURN_SECONDS_MAX,
    },
    ("post", "/api/v1/lobbies/{lobby_id}/join", "body", "seat"): {"minimum": 0},
    ("post", "/api/v1/lobbies/{lobby_id}/join", "body", "invite_code"): {
        "maxLength": 64,
        "pattern": NO_NUL,
    },
    ("put", "/api/v1/lobbies/{lobby_id}/seats/{seat}", "body", "bot"): {
        "maxLength": 32,
        "pattern": NO_NUL,
    },
    ("post", "/api/v1/lobbies/{lobby_id}/bots", "body", "bot"): {
        "maxLength": 32,
        "pattern": NO_NUL,
    },
    ("post", "/api/v1/matches/{match_id}/chat", "body", "text"): {"minLength": 1, "maxLength": 300},
    ("post", "/api/v1/matches/{match_id}/chat", "body", "reaction"): {
        "maxLength": 16,
        "pattern": NO_NUL,
        "enum": ["nice", "oops", "good_luck"],
    },
}


def _resolve(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return dict(doc["components"]["schemas"][name])
    return schema


def _declared(doc: dict[str, Any], method: str, route: str, where: str, name: str) -> Any:
    operation = doc["paths"][route][method]
    if where == "body":
        body = _resolve(doc, operation["requestBody"]["content"]["application/json"]["schema"])
        shapes = [_resolve(doc, s) for s in body.get("anyOf", [body])]
        schema = next(s["properties"][name] for s in shapes if name in s.get("properties", {}))
    else:
        (param,) = [p for p in operation["parameters"] if (p["in"], p["name"]) == (where, name)]
        schema = param["schema"]
    # An optional value is `anyOf: [its schema, null]`: the bounds are on its schema.
    return next((s for s in schema.get("anyOf", []) if s.get("type") != "null"), schema)


async def test_the_document_declares_every_bound(client: httpx.AsyncClient) -> None:
    doc = (await client.get("/openapi.json")).json()
    for (method, route, where, name), expected in DECLARED.items():
        schema = _declared(doc, method, route, where, name)
        got = {key: schema.get(key) for key in expected}
        assert got == expected, (method, route, where, name, schema)


@dataclass
class Probe:
    """One request with a value just outside a bound, and the same with one just inside."""

    method: str
    outside: tuple[str, Any]  # (url, json body or None)
    inside: tuple[str, Any]
    refused: tuple[int, str] = MALFORMED
    admin: bool = False


def _probes(lobby: str, match: str, action: dict[str, Any], version: int) -> list[Probe]:
    a32, a33 = "a" * 32, "a" * 33
    x64, x65 = "x" * 64, "x" * 65
    act = f"/api/v1/matches/{match}/actions"
    board = "/api/v1/games/high-card/leaderboard"
    return [
        Probe("GET", (f"/api/v1/lobbies/{a33}", None), (f"/api/v1/lobbies/{a32}", None)),
        Probe("GET", (f"/api/v1/matches/{a33}", None), (f"/api/v1/matches/{a32}", None)),
        Probe("GET", (f"/api/v1/matches/{a33}/chat", None), (f"/api/v1/matches/{a32}/chat", None)),
        Probe("GET", (f"/api/v1/players/{a33}", None), (f"/api/v1/players/{a32}", None)),
        Probe(
            "GET",
            (f"/api/v1/games/{x65}/leaderboard", None),
            (f"/api/v1/games/{x64}/leaderboard", None),
        ),
        Probe("GET", (f"{board}?limit=201", None), (f"{board}?limit=200", None)),
        Probe("GET", (f"{board}?limit=0", None), (f"{board}?limit=1", None)),
        Probe("GET", (f"{board}?offset=1000001", None), (f"{board}?offset=1000000", None)),
        Probe("GET", (f"{board}?min_matches=10001", None), (f"{board}?min_matches=10000", None)),
        Probe("GET", (f"/api/v1/lobbies?game={x65}", None), (f"/api/v1/lobbies?game={x64}", None)),
        Probe(
            "GET",
            (f"/api/v1/matches/{match}/log?after={SEQ_MAX + 1}", None),
            (f"/api/v1/matches/{match}/log?after={SEQ_MAX}", None),
        ),
        Probe(
            "GET",
            (f"/api/v1/matches/{match}/chat?after=-1", None),
            (f"/api/v1/matches/{match}/chat?after=0", None),
        ),
        Probe(
            "GET",
            (f"/api/v1/admin/matches?game={x65}", None),
            (f"/api/v1/admin/matches?game={x64}", None),
            admin=True,
        ),
        Probe(
            "GET",
            (f"/api/v1/admin/lobbies?game={x65}", None),
            (f"/api/v1/admin/lobbies?game={x64}", None),
            admin=True,
        ),
        Probe(
            "GET",
            (f"/api/v1/admin/matches/{a33}/state", None),
            (f"/api/v1/admin/matches/{a32}/state", None),
            admin=True,
        ),
        Probe(
            "DELETE",
            (f"/api/v1/admin/lobbies/{lobby}/players/{a33}", None),
            (f"/api/v1/admin/lobbies/{lobby}/players/{a32}", None),
            admin=True,
        ),
        Probe("POST", (f"/api/v1/lobbies/{lobby}/join", {"invite_code": x65}), ("", None)),
        Probe("PUT", (f"/api/v1/lobbies/{lobby}/seats/-1", {"bot": "random"}), ("", None)),
        Probe("PUT", (f"/api/v1/lobbies/{lobby}/seats/1", {"bot": "r" * 33}), ("", None)),
        Probe("POST", ("/api/v1/lobbies", {"game": x65}), ("/api/v1/lobbies", {"game": x64})),
        Probe("POST", ("/api/v1/lobbies", {"game": "high-card", "seats": 0}), ("", None)),
        Probe("POST", ("/api/v1/lobbies", {"game": "high-card", "turn_seconds": 0}), ("", None)),
        Probe(
            "POST",
            ("/api/v1/lobbies", {"game": "high-card", "turn_seconds": TURN_SECONDS_MAX + 1}),
            ("/api/v1/lobbies", {"game": "high-card", "turn_seconds": TURN_SECONDS_MAX}),
        ),
        Probe("POST", (act, {"action": action, "id": ""}), ("", None)),
        Probe("POST", (act, {"action": action, "id": "c-\x00"}), ("", None)),
        Probe("POST", (act, {"action": action, "version": SEQ_MAX + 1}), ("", None)),
        Probe(
            "POST",
            (act, {"action": action, "id": "i" * 65}),
            (act, {"action": action, "id": "i" * 64, "version": version}),
        ),
        Probe(
            "POST",
            (f"/api/v1/matches/{match}/chat", {"text": "t" * 301}),
            (f"/api/v1/matches/{match}/chat", {"text": "t" * 300}),
        ),
        Probe(
            "POST",
            (f"/api/v1/matches/{match}/chat", {"reaction": "cheer"}),
            (f"/api/v1/matches/{match}/chat", {"reaction": "good_luck"}),
            refused=(422, "chat/not_allowed"),
        ),
    ]


async def test_a_value_just_outside_a_bound_is_refused_and_just_inside_passes(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match = await start_match(client, ada, [bob])
    state = (await client.get(f"/api/v1/matches/{match}/state", headers=ada.auth)).json()
    lobby = await client.post("/api/v1/lobbies", headers=ada.auth, json={"game": "high-card"})
    for probe in _probes(lobby.json()["id"], match, state["legal_actions"][0], state["version"]):
        headers = ADMIN if probe.admin else ada.auth
        url, body = probe.outside
        refused = await client.request(probe.method, url, json=body, headers=headers)
        assert (refused.status_code, refused.json()["error"]["code"]) == probe.refused, url
        url, body = probe.inside
        if not url:
            continue  # the bound's other side is the value every other test sends
        passed = await client.request(probe.method, url, json=body, headers=headers)
        assert passed.status_code < 300 or passed.json()["error"]["code"] not in (
            "request/malformed",
            probe.refused[1],
        ), (url, passed.text)

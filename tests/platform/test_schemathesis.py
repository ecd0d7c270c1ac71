"""The OpenAPI document tells the truth: schemathesis over /openapi.json finds no 5xx and no
response that breaks the document (status, content type, headers, body), on both databases.

A real uvicorn server (in a thread) serves the app; half the generated requests aim at a real
table and match, so they get past "not found" into the routes' own checks.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.specs.openapi import checks as openapi_checks

from app.core.config import Settings
from app.server.migrate import upgrade
from tests.platform.live_server import serving

# A case of any operation of the document (schemathesis types the operation by its spec).
GeneratedCase = schemathesis.Case[schemathesis.APIOperation[Any, Any, Any, Any]]

ADMIN_TOKEN = "schemathesis-admin-token-0123456789"
# Every check that judges one response against the document. Left out: the stateful ones;
# positive_data_acceptance, which expects every schema-valid body to succeed, while game rules
# (options per game, seats per table, whose turn it is) refuse many with a documented 409/422
# no JSON Schema could predict; and negative_data_rejection, which expects unknown query
# parameters to be refused (they are ignored, as HTTP APIs do: `?_=cache-buster` must work).
# Invalid values are still generated and sent: they must get a documented 4xx, never a 5xx.
CHECKS = [
    schemathesis.checks.not_a_server_error,
    openapi_checks.status_code_conformance,
    openapi_checks.content_type_conformance,
    openapi_checks.response_headers_conformance,
    openapi_checks.response_schema_conformance,
]


@dataclass
class LiveApi:
    base: str
    token: str
    real_ids: dict[str, str]


def _seed(base: str) -> tuple[str, dict[str, str]]:
    """A player with a public table of their own and a running match against a bot."""
    with httpx.Client(base_url=base) as http:
        token = http.post("/api/v1/players", json={"name": "Probe"}).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        table = http.post("/api/v1/lobbies", headers=auth, json={"game": "oh-fox"}).json()
        game = http.post("/api/v1/lobbies", headers=auth, json={"game": "fox-in-the-forest"}).json()
        http.put(f"/api/v1/lobbies/{game['id']}/seats/1", headers=auth, json={"bot": "random"})
        match = http.post(f"/api/v1/lobbies/{game['id']}/start", headers=auth).json()
        me = http.get("/api/v1/players/me", headers=auth).json()
    return token, {"lobby_id": table["id"], "match_id": match["match_id"], "player_id": me["id"]}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def live_api(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveApi]:
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('st') / 'foxden.db'}"
        upgrade(url)
    else:
        url = request.getfixturevalue("empty_postgres_url")
    from app.server.main import create_app

    settings = Settings(
        database_url=url, rate_per_minute=1_000_000, admin_token=ADMIN_TOKEN, bot_delay_ms=0
    )
    with serving(create_app(settings)) as base:
        token, real_ids = _seed(base)
        yield LiveApi(base, token, real_ids)


def _document() -> dict[str, object]:
    """The document the app serves at /openapi.json (building it needs no database)."""
    from app.server.main import create_app

    return create_app(Settings(database_url="sqlite+aiosqlite://")).openapi()


# The event streams never end by design: a match's is tested in test_match_rest and
# test_real_sockets, a player's in tests/platform/player_events.
schema = schemathesis.openapi.from_dict(_document()).exclude(path_regex=r"/(stream|events)$")
turns = itertools.count()


@schema.parametrize()
@settings(
    max_examples=10,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_matches_the_document(case: GeneratedCase, live_api: LiveApi) -> None:
    if next(turns) % 2:
        for name, real in live_api.real_ids.items():
            if name in (case.path_parameters or {}):
                case.path_parameters[name] = real
    admin = case.path.startswith("/api/v1/admin")
    token = ADMIN_TOKEN if admin else live_api.token
    response = case.call(base_url=live_api.base, headers={"Authorization": f"Bearer {token}"})
    case.validate_response(response, checks=CHECKS)

"""A bot written only with the Python client generated from /openapi.json (no hand-written type,
no raw JSON) plays a whole match of every game against the server's bots on a real server.

Its legal actions arrive as the game's typed action objects and go back as they are."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import httpx
import pytest

from app.games import REGISTRY
from tests.api_contract.document import openapi_document
from tests.api_contract.tools import python_client, write_document
from tests.servers import Server, running, sqlite_env

MAX_REQUESTS = 5000
# The bot reads the state after every move: more requests than a person's limit allows.
UNLIMITED = {"FOXDEN_RATE_PER_MINUTE": "1000000"}
TIMEOUT = httpx.Timeout(60)  # a loaded test machine
PACKAGE = "foxden_client"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The generated package, importable as `foxden_client` for this module's tests."""
    folder = tmp_path_factory.mktemp("generated")
    made = python_client(write_document(openapi_document(), folder), folder / PACKAGE)
    assert made.returncode == 0, made.stdout
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    env = sqlite_env(tmp_path_factory.mktemp("bot-db")) | UNLIMITED
    with running(env, app="app.server.asgi:app") as served:
        yield served


def api(name: str) -> Any:
    """A generated module ("api.lobbies.create_lobby", "models")."""
    return importlib.import_module(f"{PACKAGE}.{name}")


def sign_up(base_url: str) -> Any:
    """An authenticated client for a new guest."""
    client = api("client")
    models = api("models")
    anonymous = client.Client(base_url=base_url, timeout=TIMEOUT)
    created = api("api.players.create_guest").sync(
        client=anonymous, body=models.PlayerCreate(name="Typed Bot")
    )
    assert isinstance(created, models.PlayerCreatedPublic), created
    return client.AuthenticatedClient(base_url=base_url, token=created.token, timeout=TIMEOUT)


def start_against_bots(me: Any, game: str) -> str:
    models = api("models")
    seats = REGISTRY[game].seats.start
    lobby = api("api.lobbies.create_lobby").sync(
        client=me, body=models.LobbyCreate(game=game, seats=seats)
    )
    assert isinstance(lobby, models.LobbyPublic), lobby
    filled = api("api.lobbies.fill_with_bots").sync(
        lobby.id, client=me, body=models.FillRequest(bot="random")
    )
    assert isinstance(filled, models.LobbyPublic), filled
    started = api("api.lobbies.start_match").sync(lobby.id, client=me)
    assert isinstance(started, models.StartPublic), started
    return str(started.match_id)


def play_to_the_end(me: Any, match_id: str) -> Any:
    """The finished envelope: the first legal action each time the bot is to act."""
    models = api("models")
    state, post = api("api.matches.get_match_state"), api("api.matches.post_action")
    for _ in range(MAX_REQUESTS):
        envelope = state.sync(match_id, client=me)
        assert not isinstance(envelope, models.ErrorPublic), envelope
        if envelope.status != "active":
            return envelope
        if envelope.legal_actions:
            request = models.ActionRequest(
                action=envelope.legal_actions[0], version=envelope.version
            )
            answer = post.sync(match_id, client=me, body=request)
            # A server bot may have moved in between: the refusal says so, and the bot reads again.
            if isinstance(answer, models.ErrorPublic):
                assert answer.error.code.value == "action/stale_version", answer
    raise AssertionError(f"{match_id} still runs after {MAX_REQUESTS} requests")


@pytest.mark.parametrize("game", list(REGISTRY))
def test_a_bot_from_the_generated_client_plays_a_whole_match(
    generated: ModuleType, server: Server, game: str
) -> None:
    me = sign_up(server.url)
    envelope = play_to_the_end(me, start_against_bots(me, game))
    models = api("models")
    prefix = "".join(part.title() for part in game.split("-"))
    assert type(envelope).__name__ == f"{prefix}Envelope"
    assert type(envelope.view).__name__ == f"{prefix}View"
    assert envelope.status == "finished"
    assert isinstance(envelope.outcome, models.Outcome)
    assert all(isinstance(score, int) for score in envelope.outcome.scores)

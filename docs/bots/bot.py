"""A complete Foxden bot in Python, built only on the client generated from /openapi.json.

Generate the client next to this file, then run the bot (docs/bots/README.md):

    openapi-python-client generate --url http://127.0.0.1:8000/openapi.json \
        --meta none --output-path foxden_client
    python bot.py http://127.0.0.1:8000 fox-in-the-forest

It joins as a guest, opens a table, fills the other seats with the server's bots, starts the
match and plays the first legal action each time it is its turn, until the match ends.
"""

from __future__ import annotations

import sys
import time

from foxden_client import AuthenticatedClient, Client
from foxden_client.api.games import list_games
from foxden_client.api.lobbies import create_lobby, fill_with_bots, start_match
from foxden_client.api.matches import get_match_state, post_action
from foxden_client.api.players import create_guest
from foxden_client.models import (
    ActionRequest,
    ErrorPublic,
    FillRequest,
    LobbyCreate,
    LobbyPublic,
    PlayerCreate,
    PlayerCreatedPublic,
    StartPublic,
)

PAUSE = 0.2  # seconds between reads of the match while others play


def sign_up(base_url: str) -> AuthenticatedClient:
    created = create_guest.sync(client=Client(base_url), body=PlayerCreate(name="Guide Bot"))
    assert isinstance(created, PlayerCreatedPublic), created
    return AuthenticatedClient(base_url, token=created.token)


def start_against_bots(me: AuthenticatedClient, game: str) -> str:
    games = list_games.sync(client=me)
    assert isinstance(games, list), games
    seats = next(entry.min_players for entry in games if entry.id == game)
    lobby = create_lobby.sync(client=me, body=LobbyCreate(game=game, seats=seats))
    assert isinstance(lobby, LobbyPublic), lobby
    fill_with_bots.sync(lobby.id, client=me, body=FillRequest(bot="random"))
    started = start_match.sync(lobby.id, client=me)
    assert isinstance(started, StartPublic), started
    return started.match_id


def play(me: AuthenticatedClient, match_id: str) -> None:
    while True:
        envelope = get_match_state.sync(match_id, client=me)
        assert envelope is not None and not isinstance(envelope, ErrorPublic), envelope
        if envelope.status != "active":
            print("finished:", envelope.outcome)
            return
        if not envelope.legal_actions:  # another seat is to act
            time.sleep(PAUSE)
            continue
        # The legal actions are typed per game; send one back as it came.
        body = ActionRequest(action=envelope.legal_actions[0], version=envelope.version)
        answer = post_action.sync_detailed(match_id, client=me, body=body)
        if isinstance(answer.parsed, ErrorPublic):
            # action/stale_version: a server bot moved first; rate/limited: wait as told.
            time.sleep(int(answer.headers.get("Retry-After", "0")))


if __name__ == "__main__":
    url, game = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "fox-in-the-forest"
    player = sign_up(url)
    play(player, start_against_bots(player, game))

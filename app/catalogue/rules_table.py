"""The table a rules page draws its pictures from: a fresh match of the game, as its first
player sees it, in the shape of a match envelope.

The rules page carries it as a JSON data block (never run as script, so the pages' CSP is
kept) and app/frontend/js/rules-pictures.js draws it with the game's own renderer: the
pictures are the cards and boards the table draws, not copies that could drift from them.
The seed is fixed so a page shows the same deal every time; it is a match nobody plays, so
nothing about a real match is in it. Built only through the engine's projection (`view`)
for one viewer, like every envelope.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from app.games import get_engine
from app.matches.envelope import fill_names

SEED = 20_261_204  # any fixed number: the same pictures on every visit
NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli")


@cache
def sample_envelope(game_id: str) -> dict[str, Any] | None:
    """A match's first envelope for seat 0. Its legal actions are there so the pictures look
    like the table on a player's turn (cards drawn as playable, not greyed); the picture is
    inert, so none of them can be played."""
    engine = get_engine(game_id)
    if engine is None:
        return None
    players = engine.seats.start
    options = engine.check_options({}, players)
    state = engine.setup(players, options, SEED)
    names = [NAMES[seat] if seat < len(NAMES) else f"Seat {seat + 1}" for seat in range(players)]
    return {
        "match_id": f"rules-{game_id}",
        "game": game_id,
        "version": 0,
        "status": "active",
        "seat": 0,
        "to_act": list(engine.to_act(state)),
        "legal_actions": list(engine.legal_actions(state, 0)) if 0 in engine.to_act(state) else [],
        "view": fill_names(engine.view(state, 0), names),
        "outcome": None,
        "seats": [
            {"seat": seat, "name": name, "player_id": None, "bot": None, "connected": True}
            for seat, name in enumerate(names)
        ],
        "deadline": None,
        "options": options,
    }


def data_block(game_id: str) -> str:
    """The envelope as a <script type="application/json"> block, safe inside HTML: no "<" is
    left in the JSON, so no text in it can close the element."""
    envelope = sample_envelope(game_id)
    if envelope is None:
        return ""
    text = json.dumps(envelope, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" id="rules-table">{text}</script>'

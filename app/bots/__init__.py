"""Bots: the strategies' common parts (knowledge, search) and the server-side runner.

Each game's bots build on the search here, and the strategy table here reads the games'
registry. Loading the registry first makes every import order work: entering through a
module of this package would otherwise meet a half-loaded one on the way back from a game.
"""

import app.games  # noqa: F401

"""Bots on the server: the strategy table and the runner that plays bot seats through the move
pipeline. What a strategy knows and the generic search the games' experts use are part of the
games layer (app/games/knowledge.py, app/games/search.py): they need nothing but the engine
contract, and the games must not depend on the platform."""

"""Challenges: one account asks another by name to play a two-player match (like Lichess)."""

"""Ratings per game and player, the history of their changes, leaderboards and profiles."""

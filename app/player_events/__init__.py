"""A signed-in player's own event stream: your turn, matches starting and ending, challenges."""

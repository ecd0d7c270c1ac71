"""A player's own matches: running ones first (whose turn it is), then finished ones, for the
home page and third-party clients (`GET /api/v1/players/me/matches`)."""

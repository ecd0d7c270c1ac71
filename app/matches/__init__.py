"""Matches in play: the move pipeline, envelopes, the log."""

"""Slow tables that fit a day: a time per move and a bank per player, playing hours, vacations."""

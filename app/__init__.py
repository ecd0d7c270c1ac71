"""Foxden: an online table for five fox games."""

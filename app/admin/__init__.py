"""Admin-only routes; the one named path to unprojected state."""

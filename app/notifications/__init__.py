"""Telling players what waits for them when no page of Foxden is open: Web Push to their
signed-in devices ("your turn", "challenge received", "match finished") and a daily digest by
email. See docs/architecture.md, "Notifications"."""

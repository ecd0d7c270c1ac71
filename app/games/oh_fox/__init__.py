"""Oh, Fox!: eight turns of secret, simultaneous programming, hidden identities, and a final
reckoning where every card is executed at once to see who ate and who got eaten."""

from __future__ import annotations

from app.games.oh_fox.engine import ENGINE

__all__ = ["ENGINE"]

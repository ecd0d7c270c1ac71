"""How many sockets each caller holds open on each topic in this process, under a cap.

A browser opens one socket per tab; a runaway script opens hundreds. Counting per caller
("player:<id>", or "ip:<address>" without a token) bounds what one caller can make the
server push, without a network hop: like the rate limiter, the cap holds per process.
"""

from __future__ import annotations


class SocketSlots:
    def __init__(self) -> None:
        self._open: dict[tuple[str, str], int] = {}

    def take(self, topic: str, caller: str, limit: int) -> bool:
        """Count one more socket of `caller` on `topic`, unless it already holds `limit`."""
        key = (topic, caller)
        held = self._open.get(key, 0)
        if held >= limit:
            return False
        self._open[key] = held + 1
        return True

    def give_back(self, topic: str, caller: str) -> None:
        key = (topic, caller)
        held = self._open.get(key, 0) - 1
        if held > 0:
            self._open[key] = held
        else:  # forget empty entries: the table only holds live sockets
            self._open.pop(key, None)

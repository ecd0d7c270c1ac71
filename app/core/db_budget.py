"""How one process's connections to Postgres are shared out (FOXDEN_DB_CONNECTIONS).

The setting is a ceiling, not a target: every way a process talks to Postgres (the fan-out
lock, the move writer's asyncpg pool, SQLAlchemy's pool for everything else) takes its share
of it, so `processes x FOXDEN_DB_CONNECTIONS` is the most Foxden can ever hold. `foxden serve`
compares that with what the server allows before it starts (app/server/startup.py); README,
"Sizing Postgres", gives operators the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_CONNECTIONS = 20
# The lock, one connection for moves and two for everything else: fewer could not serve a
# request while a bot or a timer holds a connection.
FEWEST_CONNECTIONS = 4
# Each process holds the fan-out lock on a connection of its own while it serves.
LOCK_CONNECTIONS = 1
# As many as the move pipeline was measured with (docs/performance.md, step 14): a move is one
# short statement, so a larger budget goes to requests rather than to more moves at once.
MOST_MOVE_CONNECTIONS = 8


@dataclass(frozen=True)
class ConnectionBudget:
    """The shares of `total`; they always add up to it."""

    total: int

    @property
    def moves(self) -> int:
        """The move writer's asyncpg pool: a quarter, at least one, at most eight."""
        return max(1, min(MOST_MOVE_CONNECTIONS, self.total // 4))

    @property
    def sessions(self) -> int:
        """SQLAlchemy's pool (requests, bots, timers, probes, scrapes): the rest."""
        return self.total - LOCK_CONNECTIONS - self.moves

    @property
    def peak(self) -> int:
        """Of the sessions' share, the third opened only at a peak and closed once it is over
        (SQLAlchemy's overflow), so a quiet process keeps fewer connections open."""
        return self.sessions // 3

    @property
    def kept(self) -> int:
        """Of the sessions' share, the connections kept open once opened (the pool's size)."""
        return self.sessions - self.peak

"""What settling a finished match needs of the process, and no more: the database and the
writer lock that SQLite's one writer needs (the ratings are read and written in one
transaction). A settler that could reach the broker or the sockets would push from inside
a listener that runs before the fan-out."""

from __future__ import annotations

from typing import Protocol

from app.core.db import Database
from app.matches.locks import MatchLocks


class RatingsContext(Protocol):
    db: Database
    locks: MatchLocks

"""What the move pipeline needs of the process it runs in, and no more.

The pipeline (service, seats, last steps, the store) types its context as this protocol, not as
`app.context.AppContext`: the process's context also holds the broker, the hub and the metrics
of the listeners, and a pipeline that could reach them would call them instead of announcing
its commits (the import contract "The move pipeline imports none of its listeners").
"""

from __future__ import annotations

from typing import Protocol

from app.core.clock import Clock
from app.core.config import Settings
from app.core.db import Database
from app.matches.commits import CommitHook
from app.matches.history import MoveWriter
from app.matches.loaded import MatchCache
from app.matches.locks import MatchLocks


class PipelineContext(Protocol):
    settings: Settings
    db: Database
    matches: MatchCache  # the newest state of the matches this process serves
    locks: MatchLocks
    writer: MoveWriter
    clock: Clock
    commits: CommitHook
